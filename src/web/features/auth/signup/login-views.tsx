// The views of /login beyond the password form (registration, recovery, QR sign-in and its
// confirmation, the banned-account appeal): one lazy chunk with its own texts, fetched only when
// `?view=` asks for it, so /login's first load stays within its budget (ADR 0026).
import { use } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../../../domain/navigation/rules.ts';
import { loginViewOf } from '../../../../domain/signup.ts';
import { loadNamespace } from '../../../lib/i18n.ts';
import { returnPathAtom } from '../../../lib/store.ts';
import AppealView from './appeal-view.tsx';
import ForgotView from './forgot-view.tsx';
import QrConfirmView from './qr-confirm-view.tsx';
import QrView from './qr-view.tsx';
import RegisterView from './register-view.tsx';
import './signup.css';

const texts = Promise.all([loadNamespace('signup'), loadNamespace('errors')]);

/** `view` as the address gives it; an unknown one shows the registration. */
export default function LoginViews({ view: raw }: { view: string }) {
  use(texts);
  const view = loginViewOf(raw) ?? 'register';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnPath = useAtomValue(returnPathAtom);
  const setReturnPath = useSetAtom(returnPathAtom);
  const done = () => {
    const target = safeReturnPath(params.get('redirect') ?? returnPath?.path);
    setReturnPath(null);
    navigate(target, { replace: true });
  };
  switch (view) {
    case 'register':
      return <RegisterView done={done} />;
    case 'forgot':
      return <ForgotView />;
    case 'qr':
      return <QrView done={done} />;
    case 'qr-confirm':
      return <QrConfirmView />;
    case 'appeal':
      return <AppealView />;
  }
}
