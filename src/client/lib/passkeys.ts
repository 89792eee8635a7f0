import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiPath } from '../../shared/routes.ts';
import { apiRequest } from './api.ts';

/**
 * The browser's half of a passkey ceremony (DESIGN.md "passkeys for the author"): the server's
 * options in, the authenticator's signed answer out. The WebAuthn library loads on the first
 * ceremony only, so the gate and the back office carry none of it until a passkey is used.
 */
const webAuthn = () => import('@simplewebauthn/browser');

/** A ceremony that did not finish, with a sentence for the author. */
export class PasskeyError extends Error {}

/** What went wrong, in words: the browser's errors name the cause, not what to do about it. */
function explain(error: unknown, registering: boolean): PasskeyError {
  if (error instanceof PasskeyError) return error;
  const name = error instanceof Error ? ((error as { cause?: Error }).cause?.name ?? error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'AbortError':
      return new PasskeyError(
        registering
          ? 'No passkey was made: the request was cancelled or timed out. Try again when you are ready.'
          : 'No passkey was used: the request was cancelled or timed out. Try again, or use the password.',
      );
    case 'InvalidStateError':
      return new PasskeyError('This authenticator already holds a passkey for this site: it is in the list.');
    case 'SecurityError':
      return new PasskeyError(
        "This page's address is not the site's address (SITE_URL), so the browser refuses passkeys here. Open the site at its own address.",
      );
    default:
      return new PasskeyError(
        registering
          ? 'The passkey could not be made. Try again, or another authenticator.'
          : 'The passkey could not be used. Try again, or use the password.',
      );
  }
}

/** The library, once the browser is known to do WebAuthn, and the server's options from `url`. */
async function begin<Options>(url: string) {
  const library = await webAuthn();
  if (!library.browserSupportsWebAuthn()) {
    throw new PasskeyError('This browser cannot use passkeys. Use a recent browser, or the password.');
  }
  const optionsJSON = (await (await apiRequest('POST', url)).json()) as Options;
  return { library, optionsJSON };
}

/** Makes a passkey on this device and returns the answer to send with its name. */
export async function createPasskey(): Promise<unknown> {
  const { library, optionsJSON } = await begin<PublicKeyCredentialCreationOptionsJSON>(apiPath.adminPasskeyOptions);
  try {
    return await library.startRegistration({ optionsJSON });
  } catch (error) {
    throw explain(error, true);
  }
}

/** Signs the server's challenge with one of the author's passkeys and sends the answer. */
export async function signInWithPasskey(): Promise<void> {
  const { library, optionsJSON } = await begin<PublicKeyCredentialRequestOptionsJSON>(apiPath.passkeySignInOptions);
  let response: unknown;
  try {
    response = await library.startAuthentication({ optionsJSON });
  } catch (error) {
    throw explain(error, false);
  }
  await apiRequest('POST', apiPath.passkeySignIn, { response });
}
