// A swipe row for the phone first screens (ADR 0034): the kit's SwipeAction props, classes and
// looks (its CSS file) on pointer events and a CSS transition, instead of @use-gesture/react and
// @react-spring/web. Swiping left past half the actions' width opens them; a tap on the row or
// outside it, or an action, closes them. Vertical scrolling stays the browser's (touch-action:
// pan-y in the kit's CSS). The action buttons can be reached by keyboard: focusing one opens the row.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import './light.css';

export interface SwipeActionItem {
  key: string | number;
  text: ReactNode;
  color?: 'light' | 'weak' | 'primary' | 'success' | 'warning' | 'danger' | (string & {});
  onClick?: () => void;
}

export interface SwipeActionProps {
  rightActions: SwipeActionItem[];
  /** close the row when an action is tapped (the kit's default) */
  closeOnAction?: boolean;
  children?: ReactNode;
}

const COLORS: Record<string, string> = {
  light: 'var(--adm-color-light)',
  weak: 'var(--adm-color-weak)',
  primary: 'var(--adm-color-primary)',
  success: 'var(--adm-color-success)',
  warning: 'var(--adm-color-warning)',
  danger: 'var(--adm-color-danger)',
};

/** Horizontal travel (px) before a press becomes a swipe rather than a tap or a scroll. */
const SLOP = 8;

export function SwipeAction({ rightActions, closeOnAction = true, children }: SwipeActionProps) {
  const root = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const actions = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const drag = useRef<{ id: number; x0: number; y0: number; base: number; x: number; swiping: boolean; dead: boolean } | null>(null);
  /** a swipe just ended: the click it produces is not a tap on the row */
  const swallow = useRef(false);

  const width = () => actions.current?.offsetWidth ?? 0;
  const place = (x: number, animate: boolean) => {
    const el = track.current;
    if (!el) return;
    el.style.transition = animate ? '' : 'none';
    el.style.transform = x ? `translateX(${x}px)` : '';
  };
  useEffect(() => {
    place(open ? -width() : 0, true);
  }, [open]);

  // A touch or press outside the open row closes it (the kit's closeOnTouchOutside).
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return (
    <div
      ref={root}
      className="adm-swipe-action ys-light-swipe"
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        drag.current = { id: e.pointerId, x0: e.clientX, y0: e.clientY, base: open ? -width() : 0, x: open ? -width() : 0, swiping: false, dead: false };
      }}
      onPointerMove={(e) => {
        const d = drag.current;
        if (!d || d.id !== e.pointerId || d.dead) return;
        const dx = e.clientX - d.x0;
        const dy = e.clientY - d.y0;
        if (!d.swiping) {
          if (Math.abs(dy) > SLOP && Math.abs(dy) > Math.abs(dx)) d.dead = true; // a scroll
          if (Math.abs(dx) <= SLOP || d.dead) return;
          d.swiping = true;
          root.current?.setPointerCapture(e.pointerId);
        }
        d.x = Math.min(0, Math.max(-width(), d.base + dx));
        place(d.x, false);
      }}
      onPointerUp={(e) => {
        const d = drag.current;
        drag.current = null;
        if (!d || d.id !== e.pointerId || !d.swiping) return;
        swallow.current = true;
        window.setTimeout(() => (swallow.current = false), 0);
        const next = d.x < -width() / 2;
        if (next === open) place(open ? -width() : 0, true);
        else setOpen(next);
      }}
      onPointerCancel={() => {
        drag.current = null;
        place(open ? -width() : 0, true);
      }}
      onClickCapture={(e) => {
        if (swallow.current) {
          e.stopPropagation();
          e.preventDefault();
        }
      }}
    >
      <div ref={track} className="adm-swipe-action-track">
        <div
          className="adm-swipe-action-content"
          onClickCapture={(e) => {
            if (open) {
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
            }
          }}
        >
          {children}
        </div>
        <div
          ref={actions}
          className="adm-swipe-action-actions adm-swipe-action-actions-right"
          onFocus={() => setOpen(true)}
          onBlur={(e) => {
            if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          {rightActions.map((action) => (
            <Button
              key={action.key}
              className="adm-swipe-action-action-button"
              style={{ '--background-color': COLORS[action.color ?? 'light'] ?? action.color } as React.CSSProperties}
              onClick={() => {
                if (closeOnAction) setOpen(false);
                action.onClick?.();
              }}
            >
              {action.text}
            </Button>
          ))}
        </div>
      </div>
    </div>
  );
}
