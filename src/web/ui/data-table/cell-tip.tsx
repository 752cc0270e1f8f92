// A table cell's text beyond 20 characters (seed 000 §9 "cell tooltip beyond 20") shows whole in a
// bubble once the pointer or focus has rested on it for 500 ms. Shorter text is left as it is.
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { TEXT_SHORTEN } from '../../../domain/constants.ts';
import { delayedToggle } from './delayed-toggle.ts';

/** Whether a cell's text needs the bubble (more characters than the shortening keeps). */
export const needsTip = (text: string) => [...text].length > TEXT_SHORTEN;

/**
 * The bubble is the wrapper's ::after (its text from data-tip), not an element: the cell already holds
 * the whole text for screen readers and text searches, so the bubble must not repeat it in the DOM.
 */
export function CellTip({ text, children }: { text: string; children: ReactNode }) {
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const ref = useRef<HTMLSpanElement>(null);
  const toggle = useMemo(
    () =>
      delayedToggle((open) => {
        const r = ref.current?.getBoundingClientRect();
        setAt(open && r ? { left: Math.max(8, Math.min(r.left, window.innerWidth - 328)), top: r.bottom + 4 } : null);
      }),
    [],
  );
  useEffect(() => toggle.dispose, [toggle]);
  if (!needsTip(text)) return <>{children}</>;
  const style = at ? ({ '--ys-tip-left': `${at.left}px`, '--ys-tip-top': `${at.top}px` } as CSSProperties) : undefined;
  return (
    <span
      ref={ref}
      className={`ys-dt__tipped${at ? ' is-tip-open' : ''}`}
      data-tip={text}
      style={style}
      onPointerEnter={toggle.enter}
      onPointerLeave={toggle.leave}
      onFocus={toggle.enter}
      onBlur={toggle.leave}
    >
      {children}
    </span>
  );
}
