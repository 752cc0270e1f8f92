// A screen's "could not load" or "nothing here" line, with its action below (a 重试 button): the kit's
// ErrorBlock without its illustrations (~9 KB gz), so a page's first load does not carry pictures it
// shows only when something went wrong (issue 28's first screens).
import type { ReactNode } from 'react';
import './light.css';

export function LoadFailed({ title, children, empty }: { title: ReactNode; children?: ReactNode; empty?: boolean }) {
  return (
    <div className="ys-load-failed" role={empty ? undefined : 'alert'}>
      <p className="ys-load-failed__title">{title}</p>
      {children}
    </div>
  );
}
