import { apiRequest, ApiError, errorMessage } from '../../lib/api.ts';
import { setAdminFlag } from '../../lib/admin-session.ts';
import { toast } from '../../lib/toast.ts';
import { apiPath } from '../../../shared/routes.ts';

/** Checks the password with the server, which sets the session cookie; toasts of SPEC.md section 8. */
export async function verifyAdminPassword(password: string): Promise<boolean> {
  try {
    await apiRequest('POST', apiPath.adminVerify, { password });
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      toast({
        title: 'Access denied',
        description: errorMessage(error, 'Too many attempts. Please try again later.'),
        variant: 'destructive',
      });
    } else if (error instanceof ApiError) {
      toast({ title: 'Access denied', description: 'Invalid password. Please try again.', variant: 'destructive' });
    } else {
      toast({ title: 'Error', description: 'Failed to verify password. Please try again.' });
    }
    return false;
  }
  setAdminFlag();
  toast({ title: 'Access granted', description: 'Welcome to the blog admin panel.' });
  return true;
}
