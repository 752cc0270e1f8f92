// Tenant and project pickers (seed 000 §3, §6): options from the authorised territories, tenant
// label `name(abbreviation)`. A change re-scopes every request and refetches every query.
import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { CheckList, SearchBar } from 'antd-mobile';
import { CenterPopup, Popup } from '../light/overlay.tsx';
import { DownOutline } from 'antd-mobile-icons';
import { tenantLabel } from '../../../domain/session.ts';
import { changeScope } from '../../lib/auth-flow.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { projectAtom, tenantAtom, territoriesAtom } from '../../lib/store.ts';

interface Option {
  value: string;
  label: string;
}

function OptionSheet({
  open,
  title,
  options,
  value,
  onClose,
  onPick,
}: {
  open: boolean;
  title: string;
  options: Option[];
  value?: string;
  onClose: () => void;
  onPick: (v: string) => void;
}) {
  const { t } = useTranslation('shell');
  const bp = useBreakpoint();
  const [query, setQuery] = useState('');
  const shown = query ? options.filter((o) => o.label.toLowerCase().includes(query.toLowerCase())) : options;
  const body = (
    <div className="ys-sheet">
      <div className="ys-sheet__title">{title}</div>
      {options.length > 8 ? <SearchBar placeholder={t('scope.search')} value={query} onChange={setQuery} /> : null}
      <div className="ys-sheet__list">
        <CheckList
          value={value ? [value] : []}
          onChange={(v) => {
            if (v[0]) {
              onPick(String(v[0]));
              onClose();
            }
          }}
        >
          {shown.map((o) => (
            <CheckList.Item key={o.value} value={o.value}>
              {o.label}
            </CheckList.Item>
          ))}
        </CheckList>
        {shown.length === 0 ? <div className="ys-sheet__empty">{t('scope.empty')}</div> : null}
      </div>
    </div>
  );
  return bp === 'phone' ? (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '70vh' }}>
      {body}
    </Popup>
  ) : (
    <CenterPopup visible={open} onMaskClick={onClose} onClose={onClose} style={{ '--min-width': '360px', '--max-width': '480px' }}>
      {body}
    </CenterPopup>
  );
}

export interface ScopePickerProps {
  layout?: 'row' | 'column';
}

export function ScopePicker({ layout = 'row' }: ScopePickerProps) {
  const { t } = useTranslation('shell');
  const territories = useAtomValue(territoriesAtom);
  const tenant = useAtomValue(tenantAtom);
  const project = useAtomValue(projectAtom);
  const [open, setOpen] = useState<'tenant' | 'project' | null>(null);

  const tenantOptions = useMemo<Option[]>(
    () => (territories ?? []).map((tt) => ({ value: tt.tenant_id, label: tenantLabel(tt.tenant_name, tt.chinese_name_abbreviation) })),
    [territories],
  );
  const current = territories?.find((tt) => tt.tenant_id === tenant?.id);
  const projectOptions = useMemo<Option[]>(
    () => (current?.projects ?? []).map((p) => ({ value: p.project_id, label: p.project_name_zh || p.project_name })),
    [current],
  );
  const tenantText = current ? tenantLabel(current.tenant_name, current.chinese_name_abbreviation) : tenant?.name;

  const pickTenant = (id: string) => {
    const tt = territories?.find((x) => x.tenant_id === id);
    if (!tt || id === tenant?.id) return;
    const first = tt.projects[0];
    void changeScope({ id: tt.tenant_id, name: tt.tenant_name }, first ? { id: first.project_id, name: first.project_name_zh || first.project_name } : null);
  };
  const pickProject = (id: string) => {
    const p = current?.projects.find((x) => x.project_id === id);
    if (!p || !tenant || id === project?.id) return;
    void changeScope(tenant, { id: p.project_id, name: p.project_name_zh || p.project_name });
  };

  return (
    <div className={`ys-scope ys-scope--${layout}`}>
      {/* No aria-label: the name is what the button shows (「租户 华东制造集团(HD)」), so a voice user can say it (axe label-content-name-mismatch). */}
      <button type="button" className="ys-scope__trigger" data-testid="tenant-picker" onClick={() => setOpen('tenant')} aria-haspopup="dialog">
        <span className="ys-scope__label">{t('scope.tenant')}</span>
        <span className="ys-scope__value" title={tenantText ?? undefined}>
          {tenantText ?? t('scope.none')}
        </span>
        <DownOutline className="ys-scope__caret" />
      </button>
      <button
        type="button"
        className="ys-scope__trigger"
        data-testid="project-picker"
        onClick={() => setOpen('project')}
        aria-haspopup="dialog"
        disabled={!current}
      >
        <span className="ys-scope__label">{t('scope.project')}</span>
        <span className="ys-scope__value">{project?.name ?? t('scope.none')}</span>
        <DownOutline className="ys-scope__caret" />
      </button>
      <OptionSheet
        open={open === 'tenant'}
        title={t('scope.pick_tenant')}
        options={tenantOptions}
        value={tenant?.id}
        onClose={() => setOpen(null)}
        onPick={pickTenant}
      />
      <OptionSheet
        open={open === 'project'}
        title={t('scope.pick_project')}
        options={projectOptions}
        value={project?.id}
        onClose={() => setOpen(null)}
        onPick={pickProject}
      />
    </div>
  );
}
