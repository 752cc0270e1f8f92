// Passkey sign-in (ADR 0023), loaded only when the button is tapped: the server's options, the
// browser's assertion, and the session profile the server answers.
import { startAuthentication } from '@simplewebauthn/browser';
import { post } from './request.ts';
import type { Profile } from './profile.ts';

export async function passkeyProfile(): Promise<Profile> {
  const options = await post<Parameters<typeof startAuthentication>[0]['optionsJSON']>('v1/passkeys/login/options', {}, { isNeedloading: false });
  const response = await startAuthentication({ optionsJSON: options });
  return post<Profile>('v1/passkeys/login', { response }, { signIn: true });
}
