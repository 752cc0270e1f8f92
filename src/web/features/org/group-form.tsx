// The new/edit form of a system or resource group: a bottom sheet on a phone, a centred dialog wider.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Button, CenterPopup, Popup } from 'antd-mobile';
import { GROUP_LIMITS, type GroupType } from '../../../domain/org.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { projectAtom } from '../../lib/store.ts';
import { listProjects, useScopeKey } from './api.ts';
import { orgKeys } from './query-keys.ts';

export interface GroupFormValue {
  name: string;
  description: string;
  project_id: string;
}

export function GroupForm({
  type,
  open,
  initial,
  onClose,
  onSubmit,
  busy,
}: {
  type: GroupType;
  open: boolean;
  /** an edit keeps its project */
  initial?: GroupFormValue;
  onClose: () => void;
  onSubmit: (v: GroupFormValue) => void;
  busy: boolean;
}) {
  const { t } = useTranslation(['org', 'errors']);
  const bp = useBreakpoint();
  const scopeKey = useScopeKey();
  const current = useAtomValue(projectAtom);
  const projects = useQuery({ queryKey: orgKeys.projectSearch(scopeKey, ''), queryFn: () => listProjects(''), enabled: open && !initial });
  const [value, setValue] = useState<GroupFormValue>(initial ?? { name: '', description: '', project_id: current?.id ?? '' });
  const [error, setError] = useState('');
  const submit = () => {
    const name = value.name.trim();
    if (!name) return setError(t('errors:rules.required'));
    if (name.length > GROUP_LIMITS.name) return setError(t('errors:rules.too_big', { max: GROUP_LIMITS.name }));
    setError('');
    onSubmit({ ...value, name, description: value.description.trim().slice(0, GROUP_LIMITS.description) });
  };
  const body = (
    <form
      className="ys-org__sheet ys-org"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="group-form"
    >
      <h2>{initial ? t(`group.${type}.edit`) : t(`group.${type}.add`)}</h2>
      <label className="ys-org__field">
        <span className="ys-org__req">{t('group.fields.name')}</span>
        <input value={value.name} onChange={(e) => setValue((v) => ({ ...v, name: e.target.value }))} data-testid="group-name" aria-invalid={!!error} />
        {error ? <small className="ys-org__error">{error}</small> : <small>{t('group.hints.name')}</small>}
      </label>
      <label className="ys-org__field">
        <span>{t('group.fields.description')}</span>
        <textarea
          rows={2}
          value={value.description}
          maxLength={GROUP_LIMITS.description}
          onChange={(e) => setValue((v) => ({ ...v, description: e.target.value }))}
        />
        <small>{t('group.hints.description')}</small>
      </label>
      {!initial && (
        <label className="ys-org__field">
          <span className="ys-org__req">{t('group.fields.project')}</span>
          <select value={value.project_id} onChange={(e) => setValue((v) => ({ ...v, project_id: e.target.value }))} data-testid="group-project">
            <option value="">{t('group.pick_project')}</option>
            {(projects.data?.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name_zh ? `${p.name}（${p.name_zh}）` : p.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="ys-org__bar-actions">
        <Button color="primary" type="submit" loading={busy} disabled={!initial && !value.project_id} data-testid="group-save">
          {t('common.save')}
        </Button>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </div>
    </form>
  );
  return bp === 'phone' ? (
    <Popup visible={open} onMaskClick={onClose} destroyOnClose bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      {body}
    </Popup>
  ) : (
    <CenterPopup visible={open} onMaskClick={onClose} destroyOnClose style={{ '--min-width': '480px' }}>
      {body}
    </CenterPopup>
  );
}
