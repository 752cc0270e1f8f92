// A waterfall grid for phones and tablets (seed: 2 columns, gutter 10 px, load more when the end is
// within 300 px × width/375, re-laid out 300 ms after the last resize). Each item goes into the
// shorter column, by measured heights.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export const WATERFALL = { columns: 2, gutter: 10, loadDistance: 300, baseWidth: 375, resizeDebounceMs: 300 } as const;

export function loadDistance(width: number): number {
  return Math.round((WATERFALL.loadDistance * width) / WATERFALL.baseWidth);
}

/** Which column each item goes to, given measured heights (unknown ones count as `guess`). */
export function assignColumns(heights: readonly (number | undefined)[], columns: number, guess = 160): number[] {
  const sums = new Array<number>(columns).fill(0);
  return heights.map((h) => {
    let col = 0;
    for (let c = 1; c < columns; c++) if (sums[c]! < sums[col]!) col = c;
    sums[col]! += (h ?? guess) + WATERFALL.gutter;
    return col;
  });
}

interface Props<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
  /** called when the end comes within the load distance */
  onEnd?: () => void;
  hasMore?: boolean;
  testId?: string;
}

export function Waterfall<T>({ items, keyOf, render, onEnd, hasMore, testId }: Props<T>) {
  const [heights, setHeights] = useState<Record<string, number>>({});
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? WATERFALL.baseWidth : window.innerWidth));
  const cells = useRef(new Map<string, HTMLElement>());
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), WATERFALL.resizeDebounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const measure = useCallback(() => {
    const next: Record<string, number> = {};
    for (const [k, el] of cells.current) next[k] = el.offsetHeight;
    setHeights((prev) => (Object.keys(next).every((k) => prev[k] === next[k]) && Object.keys(prev).length === Object.keys(next).length ? prev : next));
  }, []);
  useLayoutEffect(measure, [items, width, measure]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !onEnd || !hasMore) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onEnd(), { rootMargin: `0px 0px ${loadDistance(width)}px 0px` });
    io.observe(el);
    return () => io.disconnect();
  }, [onEnd, hasMore, width, items.length]);

  const cols = assignColumns(
    items.map((it) => heights[keyOf(it)]),
    WATERFALL.columns,
  );
  return (
    <>
      <div className="ys-waterfall" data-testid={testId} style={{ gap: WATERFALL.gutter }}>
        {Array.from({ length: WATERFALL.columns }, (_, c) => (
          <div key={c} className="ys-waterfall__col" style={{ gap: WATERFALL.gutter }}>
            {items.map((it, i) =>
              cols[i] === c ? (
                <div
                  key={keyOf(it)}
                  className="ys-waterfall__cell"
                  ref={(el) => {
                    if (el) cells.current.set(keyOf(it), el);
                    else cells.current.delete(keyOf(it));
                  }}
                >
                  {render(it)}
                </div>
              ) : null,
            )}
          </div>
        ))}
      </div>
      <div ref={sentinel} className="ys-waterfall__end" aria-hidden="true" />
    </>
  );
}
