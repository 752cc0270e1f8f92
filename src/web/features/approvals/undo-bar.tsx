// The bar under a decision that can still be taken back: what was decided, 撤销, and a countdown.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { Toast } from '../../ui/light/toast.ts';
import { undo, useUndoable } from './undo.ts';

export function UndoBar() {
  const { t } = useTranslation();
  const u = useUndoable();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!u) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [u]);
  if (!u) return null;
  // Taken back out of the outbox; at the very end of the window it may have gone out already.
  const takeBack = () =>
    void undo().then(
      (taken) => {
        if (!taken) Toast.show({ content: t('approvals:undo.too_late'), position: 'bottom' });
      },
      () => undefined,
    );
  const seconds = Math.max(1, Math.ceil((u.until - now) / 1000));
  return (
    <div className="ys-appr-undo" role="status" aria-live="polite" data-testid="undo-bar" data-id={u.id}>
      <span className="ys-appr-undo__text">{u.text}</span>
      <span className="ys-appr-undo__count">{t('approvals:undo.countdown', { n: seconds })}</span>
      <Button size="small" fill="none" className="ys-appr-undo__button" onClick={takeBack} data-testid="undo-button">
        {t('approvals:undo.undo')}
      </Button>
    </div>
  );
}
