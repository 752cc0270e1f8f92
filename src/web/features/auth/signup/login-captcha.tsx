// The picture captcha on the sign-in form, shown only once the server asked for it (428: the account
// is under attack and this device has not signed in to it lately, ADR 0043). Loaded on demand, so
// the sign-in page keeps its first-screen budget; each image takes one guess, so every attempt
// (`round`) brings a new one.
import { useEffect } from 'react';
import { CaptchaField, useCaptcha } from './code-fields.tsx';

export default function LoginCaptcha({ round, onChange }: { round: number; onChange: (value: { captcha_id: string; captcha: string }) => void }) {
  const state = useCaptcha();
  const { refresh } = state;
  // After every render: the form reads the latest image and answer when it submits.
  useEffect(() => onChange(state.value()));
  useEffect(() => {
    if (round > 0) refresh();
  }, [round, refresh]);
  return <CaptchaField state={state} />;
}
