// The floating buttons never cover what the page shows (issue 28): while any visible action (a
// button, link button, checkbox, the batch bar, the detail's action bar, the 撤销 bar) or any piece of
// content — text, a figure, an icon, a chart, an image, a field — lies under the widget, it steps
// aside, and comes back when the place under it is empty: on a short page, and at the end of every
// page, whose bottom padding leaves it that place (the layouts' --ys-widget-dock). Checked on scroll,
// resize and DOM changes, at most every CHECK_EVERY_MS: an animation changes styles every frame, and a
// check per frame (a layout read of every button plus the sampling) cost the phone's main thread for
// a difference no one sees.
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

/** Elements that are content wherever their box is: pictures, charts, icons, fields, media. */
const SOLID = 'img, svg, canvas, video, input, textarea, select, progress, meter, [role="img"], [role="progressbar"]';

/** Text of the element's own text nodes under the box (a block's box is wider than its words). */
function textUnder(el: Element, box: Box): boolean {
  for (const node of el.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (r.width > 0 && intersects(box, r)) return true;
  }
  return false;
}

/** Content of the page under the widget: sampled every 11 px over its box (nothing smaller than a glyph fits between). */
function contentUnder(widget: HTMLElement): boolean {
  const own = widget.getBoundingClientRect();
  if (own.width === 0 && own.height === 0) return false;
  const seen = new Set<Element>();
  for (let y = own.top + 2; y < own.bottom; y += 11) {
    for (let x = own.left + 2; x < own.right; x += 11) {
      for (const el of document.elementsFromPoint(x, y)) {
        if (widget.contains(el) || el.closest('[data-floating]') || seen.has(el)) continue;
        seen.add(el);
        if (el.closest(SOLID) || textUnder(el, own)) return true;
      }
    }
  }
  return false;
}

const CHECK_EVERY_MS = 150;

/** True while an action or any content lies under the element. */
export function useCoversContent(ref: RefObject<HTMLElement | null>): boolean {
  const [cover, setCover] = useState(false);
  useEffect(() => {
    let frame = 0;
    let timer = 0;
    let last = 0;
    const check = () => {
      frame = 0;
      last = performance.now();
      const el = ref.current;
      setCover(el ? covered(el) || contentUnder(el) : false);
    };
    // The next frame, or the first one after CHECK_EVERY_MS since the last check (changes in between join it).
    const schedule = () => {
      if (frame || timer) return;
      const wait = last + CHECK_EVERY_MS - performance.now();
      if (wait <= 0) frame = requestAnimationFrame(check);
      else
        timer = window.setTimeout(() => {
          timer = 0;
          frame = requestAnimationFrame(check);
        }, wait);
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
      window.clearTimeout(timer);
    };
  }, [ref]);
  return cover;
}
