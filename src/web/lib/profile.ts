// The signed-in user's profile as the server answers it (sign-in, passkey sign-in, token check),
// in a module of its own so the lazily loaded passkey sign-in does not import the auth flow back.
export interface Profile {
  token?: string;
  nickname: string;
  id: string;
  account: string;
  need_sign_service_agreement: boolean;
  is_sign_service_agreement: boolean;
  is_sign: boolean;
  sign_pass_time: string | null;
}
