// The phone list's windowed rows (@tanstack/react-virtual), for a list grown past VIRTUALIZE_AFTER
// cards: loaded only then (phone-list.tsx, React.lazy), so the first screen of 20 cards does not
// fetch the virtualizer (issue 10: the host list's first load). Until it has loaded the list keeps
// rendering every card, as it did below the threshold.
import type { ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Resource } from '../kind-meta.ts';

export default function VirtualRows({ rows, card }: { rows: readonly Resource[]; card: (r: Resource) => ReactNode }) {
  const virtualizer = useWindowVirtualizer({ count: rows.length, estimateSize: () => 150, overscan: 6 });
  return (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={rows[item.index]!.id}
          data-index={item.index}
          ref={virtualizer.measureElement}
          style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
        >
          {card(rows[item.index]!)}
        </div>
      ))}
    </div>
  );
}
