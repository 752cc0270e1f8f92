// The custom-columns modal (seed 000 §2): frozen columns are always shown and cannot be unticked,
// the others toggle; saving hands the new visibility to the caller (which persists it per route).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Modal } from 'antd-mobile';
import type { ColumnChoice } from './table-rules.ts';

export interface ColumnSettingsProps {
  open: boolean;
  columns: ColumnChoice[];
  visible: Record<string, boolean>;
  onClose: () => void;
  onSave: (visible: Record<string, boolean>) => void;
}

export function ColumnSettings({ open, columns, visible, onClose, onSave }: ColumnSettingsProps) {
  const { t } = useTranslation('resources');
  const [draft, setDraft] = useState(visible);
  const [lastOpen, setLastOpen] = useState(open);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) setDraft(visible);
  }
  const value = columns.filter((c) => c.frozen || draft[c.id] !== false).map((c) => c.id);
  return (
    <Modal
      visible={open}
      onClose={onClose}
      closeOnMaskClick
      title={t('table.columns_title')}
      content={
        <div className="ys-colset" data-testid="column-settings">
          <Checkbox.Group value={value} onChange={(v) => setDraft(Object.fromEntries(columns.map((c) => [c.id, c.frozen || (v as string[]).includes(c.id)])))}>
            {columns.map((c) => (
              <div key={c.id} className="ys-colset__item">
                <Checkbox value={c.id} disabled={c.frozen}>
                  {c.label}
                </Checkbox>
              </div>
            ))}
          </Checkbox.Group>
          <div className="ys-colset__foot">
            <Button size="small" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button size="small" color="primary" data-testid="columns-save" onClick={() => onSave(draft)}>
              {t('common.save')}
            </Button>
          </div>
        </div>
      }
    />
  );
}
