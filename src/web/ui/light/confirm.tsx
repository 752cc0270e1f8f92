// `confirm()` and `alert()` with the kit's `Dialog.confirm` / `Dialog.alert` options, drawn by the light
// Dialog (ADR 0034): a page that asks "are you sure?" no longer loads the kit's animation and gesture
// libraries (@react-spring/web, @use-gesture/react, ~25 KB gz) on its first screen. The dialog is
// rendered into a root of its own and removed once its leave transition is over.
import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18next } from '../../lib/i18n.ts';
import { Dialog, LEAVE_MS } from './overlay.tsx';

export interface ConfirmOptions {
  title?: ReactNode;
  content?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
}

function open(o: ConfirmOptions, withCancel: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    const done = (ok: boolean) => {
      resolve(ok);
      window.setTimeout(() => {
        root.unmount();
        host.remove();
      }, LEAVE_MS + 40);
    };
    root.render(<Ask o={o} withCancel={withCancel} done={done} />);
  });
}

function Ask({ o, withCancel, done }: { o: ConfirmOptions; withCancel: boolean; done: (ok: boolean) => void }) {
  const [visible, setVisible] = useState(false);
  // Shown after the first paint, so the enter transition runs as the kit's does.
  useEffect(() => setVisible(true), []);
  const finish = (ok: boolean) => {
    setVisible(false);
    done(ok);
  };
  const confirmAction = { key: 'confirm', text: o.confirmText ?? i18next.t('shell:dialog.ok'), bold: true, onClick: () => finish(true) };
  const cancelAction = { key: 'cancel', text: o.cancelText ?? i18next.t('shell:dialog.cancel'), onClick: () => finish(false) };
  return (
    <Dialog
      visible={visible}
      title={o.title}
      content={o.content}
      actions={withCancel ? [[cancelAction, confirmAction]] : [confirmAction]}
      onClose={() => finish(false)}
    />
  );
}

/** Asks; answers true when the user confirms, false when they cancel or close it. */
export function confirm(o: ConfirmOptions): Promise<boolean> {
  return open(o, true);
}

/** Tells; answers once the user closes it. */
export async function alert(o: Omit<ConfirmOptions, 'cancelText'>): Promise<void> {
  await open(o, false);
}
