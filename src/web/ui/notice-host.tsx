// Shows the shell's notices (request errors, guard warnings, update message) at the top, each
// closable and timed. Plain elements: it is part of the entry chunk, before any kit is loaded.
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { NOTICE } from '../../domain/constants.ts';
import { closeNotice } from '../lib/notices.ts';
import { noticesAtom } from '../lib/store.ts';

export function NoticeHost() {
  const notices = useAtomValue(noticesAtom);
  const { t } = useTranslation('shell');
  if (notices.length === 0) return null;
  return (
    <div className="ys-notices" style={{ top: NOTICE.messageTop }} role="region" aria-live="assertive" aria-label={t('notice.region')}>
      {notices.map((n) => (
        <div key={n.id} className={`ys-notice ys-notice--${n.type}`} role={n.type === 'error' ? 'alert' : 'status'} data-notice={n.type}>
          <div className="ys-notice__body">
            {n.title ? <div className="ys-notice__title">{n.title}</div> : null}
            <div className="ys-notice__text">{n.description}</div>
          </div>
          {n.closable ? (
            <button type="button" className="ys-notice__close" aria-label={t('notice.close')} onClick={() => closeNotice(n.id)}>
              ×
            </button>
          ) : null}
        </div>
      ))}
    </div>
  );
}
