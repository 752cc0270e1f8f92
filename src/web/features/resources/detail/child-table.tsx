// Shared by the sub-resource lists of a detail page (a zone's records, a GTM instance's pools and
// policies): a row's actions with their state refusals, and the kind's shown columns.
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import type { KindDefinition, ActionDef } from '../../../../domain/kinds/kind.ts';
import type { DataColumn, RowAction } from '../../../ui/data-table/data-table.tsx';
import { actionBlock, actionLabel, displayValue, fieldLabel, menuActions, type Resource } from '../kind-meta.ts';
import { StatusBadge } from '../parts.tsx';

/** Every menu action of the kind for one row, disabled with the refusal its state gives. */
export function rowActions(t: TFunction, def: KindDefinition, r: Resource, run: (a: ActionDef, rows: Resource[]) => void): RowAction[] {
  return menuActions(def).map((a) => {
    const block = actionBlock(def, a, r);
    return {
      key: a.id,
      label: actionLabel(t, def, a.id),
      danger: a.dialog === 'delete',
      disabled: block !== null,
      reason: block ? t(`errors:${block}`, { defaultValue: t('kinds:messages.no_actions') }) : undefined,
      onClick: () => run(a, [r]),
    };
  });
}

/** The kind's columns shown by default, labelled and formatted. */
export function useShownColumns(t: TFunction, def: KindDefinition): DataColumn<Resource>[] {
  return useMemo<DataColumn<Resource>[]>(
    () =>
      def.columns
        .filter((c) => c.display !== false)
        .map((c) => ({
          id: c.field,
          header: fieldLabel(t, def, c.field),
          frozen: c.frozen,
          copyable: c.copyable,
          text: (r) => (c.field === 'name' ? r.name : displayValue(t, def, r, c.field)),
          cell: (r) =>
            c.field === 'status' ? <StatusBadge def={def} status={r.status} /> : <span>{c.field === 'name' ? r.name : displayValue(t, def, r, c.field)}</span>,
        })),
    [def, t],
  );
}
