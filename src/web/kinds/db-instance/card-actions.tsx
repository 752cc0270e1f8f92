// A phone card's row of actions: the same RowAction list the desktop table's row menu takes
// (ui/data-table), as small outline buttons (danger in red). Used by the accounts, DR and lake cards.
import { Button } from 'antd-mobile';
import type { RowAction } from '../../ui/data-table/data-table.tsx';

export function CardActions({ actions, className }: { actions: readonly RowAction[]; className: string }) {
  return (
    <div className={className}>
      {actions.map((a) => (
        <Button key={a.key} size="small" fill="outline" color={a.danger ? 'danger' : 'default'} disabled={a.disabled} onClick={a.onClick}>
          {a.label}
        </Button>
      ))}
    </div>
  );
}
