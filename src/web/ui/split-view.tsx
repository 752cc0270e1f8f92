// Tablet split view (768–1199px): a list beside the detail. Below 768px only one pane shows (the
// detail when one is open); from 1200px the caller usually shows a full table instead.
import { useEffect, type ReactNode } from 'react';
import { useBreakpoint } from '../lib/hooks.ts';
import { pageSplitCountAtom, store } from '../lib/store.ts';

export interface SplitViewProps {
  list: ReactNode;
  detail?: ReactNode;
  listWidth?: number;
}

export function SplitView({ list, detail, listWidth = 320 }: SplitViewProps) {
  const bp = useBreakpoint();
  // Tell the tablet shell a page-level split is showing, so its own menu column folds to icons.
  useEffect(() => {
    store.set(pageSplitCountAtom, (n) => n + 1);
    return () => store.set(pageSplitCountAtom, (n) => Math.max(0, n - 1));
  }, []);
  if (bp === 'phone') return <div className="ys-split ys-split--single">{detail ?? list}</div>;
  return (
    <div className="ys-split" style={{ gridTemplateColumns: `${listWidth}px minmax(0, 1fr)` }}>
      <div className="ys-split__list">{list}</div>
      <div className="ys-split__detail">{detail}</div>
    </div>
  );
}
