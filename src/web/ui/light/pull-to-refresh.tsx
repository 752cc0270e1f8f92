// Pull to refresh for the phone first screens (ADR 0034): the kit's PullToRefresh props, classes
// and texts on touch events and a CSS transition, instead of @use-gesture/react and
// @react-spring/web. Pulling down from the top of the page past the threshold and letting go runs
// `onRefresh`; the head says what happens (pull, release, loading, done) in a live region.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import './light.css';

export interface PullToRefreshProps {
  onRefresh: () => Promise<unknown>;
  pullingText: ReactNode;
  canReleaseText: ReactNode;
  refreshingText: ReactNode;
  completeText: ReactNode;
  children?: ReactNode;
}

type Status = 'idle' | 'pulling' | 'release' | 'refreshing' | 'complete';
/** the kit's defaults: the head's height while refreshing and the pull that triggers it (px) */
const HEAD = 40;
const THRESHOLD = 60;
/** a pull moves the head by half the finger's travel, as the kit's rubber band */
const RESISTANCE = 0.5;

export function PullToRefresh({ onRefresh, pullingText, canReleaseText, refreshingText, completeText, children }: PullToRefreshProps) {
  const root = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;
  const busy = useRef(false);

  const setHeight = (h: number, animate: boolean) => {
    const el = head.current;
    if (!el) return;
    el.style.transition = animate ? '' : 'none';
    el.style.height = `${h}px`;
  };

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let start: { x: number; y: number } | null = null;
    let pulling = false;
    let height = 0;
    const atTop = () => (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;
    const onStart = (e: TouchEvent) => {
      if (busy.current || e.touches.length !== 1 || !atTop()) return;
      start = { x: e.touches[0]!.clientX, y: e.touches[0]!.clientY };
      pulling = false;
    };
    const onMove = (e: TouchEvent) => {
      if (!start) return;
      const dy = e.touches[0]!.clientY - start.y;
      const dx = e.touches[0]!.clientX - start.x;
      if (!pulling) {
        if (dy <= 0 || Math.abs(dx) > dy || !atTop()) {
          if (Math.abs(dy) > 8 || Math.abs(dx) > 8) start = null;
          return;
        }
        pulling = true;
      }
      e.preventDefault();
      height = Math.max(0, dy * RESISTANCE);
      setHeight(height, false);
      setStatus(height > THRESHOLD ? 'release' : 'pulling');
    };
    const onEnd = () => {
      if (!start || !pulling) {
        start = null;
        return;
      }
      start = null;
      pulling = false;
      if (height <= THRESHOLD) {
        setHeight(0, true);
        setStatus('idle');
        return;
      }
      busy.current = true;
      setHeight(HEAD, true);
      setStatus('refreshing');
      refresh
        .current()
        .catch(() => undefined)
        .then(() => {
          setStatus('complete');
          return new Promise((r) => window.setTimeout(r, 500));
        })
        .finally(() => {
          setHeight(0, true);
          setStatus('idle');
          busy.current = false;
        });
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const text = { idle: null, pulling: pullingText, release: canReleaseText, refreshing: refreshingText, complete: completeText }[status];
  return (
    <div ref={root} className="adm-pull-to-refresh ys-light-ptr">
      <div ref={head} className="adm-pull-to-refresh-head" style={{ height: 0 }}>
        <div className="adm-pull-to-refresh-head-content" style={{ height: HEAD }} role="status" aria-live="polite">
          {text}
        </div>
      </div>
      <div className="adm-pull-to-refresh-content">{children}</div>
    </div>
  );
}
