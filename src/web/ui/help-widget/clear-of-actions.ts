// The floating buttons never cover an action: while any visible button, link button or checkbox of
// the page lies under the widget (a card's 通过 scrolled under it, the batch bar, the detail's action
// bar, the 撤销 bar), the widget steps aside and comes back when the way is clear. Checked on
// scroll, resize and DOM changes, once per frame.
import { useEffect, useState, type RefObject } from 'react';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Two boxes share area (touching edges do not count); `gap` widens the first. */
export function intersects(a: Box, b: Box, gap = 0): boolean {
  return a.left - gap < b.right && b.left < a.right + gap && a.top - gap < b.bottom && b.top < a.bottom + gap;
}

const ACTIONS = 'button, [role="button"], a.adm-button, .adm-checkbox, [data-action-bar]';

function covered(widget: HTMLElement): boolean {
  const own = widget.getBoundingClientRect();
  if (own.width === 0 && own.height === 0) return false;
  for (const el of document.querySelectorAll<HTMLElement>(ACTIONS)) {
    if (widget.contains(el) || el.closest('[data-floating]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || !intersects(own, r, 4)) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    return true;
  }
  return false;
}

/** True while an action lies under the element. */
export function useCoversAction(ref: RefObject<HTMLElement | null>): boolean {
  const [cover, setCover] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const el = ref.current;
      setCover(el ? covered(el) : false);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style', 'hidden'] });
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref]);
  return cover;
}
