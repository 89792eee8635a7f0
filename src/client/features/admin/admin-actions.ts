import { apiRequest, ApiError, errorMessage } from '../../lib/api.ts';
import { setAdminFlag } from '../../lib/admin-session.ts';
import { PasskeyError, signInWithPasskey } from '../../lib/passkeys.ts';
import { toast } from '../../lib/toast.ts';
import { apiPath } from '../../../shared/routes.ts';

/** How a sign-in attempt ended: a session, a second step still needed, or a refusal. */
export type SignInOutcome = 'granted' | 'passkey-required' | 'refused';

/** True when the gate's 401 says the password was right and a passkey or recovery code must follow. */
function asksForPasskey(error: ApiError): boolean {
  try {
    const body = JSON.parse(error.message.replace(/^\d{3}: /, '')) as { passkeyRequired?: unknown };
    return body.passkeyRequired === true;
  } catch {
    return false;
  }
}

function granted(): SignInOutcome {
  setAdminFlag();
  toast({ title: 'Access granted', description: 'Welcome to the blog admin panel.' });
  return 'granted';
}

/**
 * Checks the password (and, when the site requires a passkey, a recovery code in its place) with
 * the server, which sets the session cookie; toasts of SPEC.md section 8.
 */
export async function verifyAdminPassword(password: string, recoveryCode?: string): Promise<SignInOutcome> {
  try {
    await apiRequest('POST', apiPath.adminVerify, { password, recoveryCode });
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      toast({
        title: 'Access denied',
        description: errorMessage(error, 'Too many attempts. Please try again later.'),
        variant: 'destructive',
      });
    } else if (error instanceof ApiError && asksForPasskey(error)) {
      // The gate says it in place; a refused recovery code also gets the server's reason.
      if (recoveryCode) {
        toast({
          title: 'Access denied',
          description: errorMessage(error, 'This recovery code was refused.'),
          variant: 'destructive',
        });
      }
      return 'passkey-required';
    } else if (error instanceof ApiError) {
      toast({ title: 'Access denied', description: 'Invalid password. Please try again.', variant: 'destructive' });
    } else {
      toast({ title: 'Error', description: 'Failed to verify password. Please try again.' });
    }
    return 'refused';
  }
  return granted();
}

/** `Sign in with a passkey`: the server's challenge signed by one of the author's passkeys. */
export async function verifyPasskey(): Promise<SignInOutcome> {
  try {
    await signInWithPasskey();
  } catch (error) {
    const description =
      error instanceof PasskeyError
        ? error.message
        : error instanceof ApiError
          ? errorMessage(error, 'The passkey was refused.')
          : 'Failed to reach the site. Please try again.';
    toast({ title: 'Access denied', description, variant: 'destructive' });
    return 'refused';
  }
  return granted();
}
