// The pieces the resource-stack pages share: the frame with the area's tabs (templates, stacks),
// the status tags, labelled rows, the kind's name and a node's summary in words (image, flavor,
// sizes with their units) — never a code or an id.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd-mobile';
import { formatDateTime } from '../../../domain/time-format.ts';
import { STACK_FIELDS, isStackKind, type StackNode } from '../../../domain/stacks.ts';
import { TaskFrame } from '../../ui/task-frame.tsx';
import './stacks.css';

export const PATHS = {
  templates: '/visualTemplateManage',
  editor: (id?: string) => (id ? `/visualEditor?id=${id}` : '/visualEditor'),
  stacks: '/visualResourceManage',
  deploy: (templateId: string) => `/visualResourceConfig?template=${templateId}`,
  stack: (id: string) => `/visualResourceConfig?id=${id}`,
} as const;
export const when = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');

export function StacksFrame({
  page,
  title,
  tab,
  intro,
  toolbar,
  back,
  children,
}: {
  page: string;
  title: string;
  tab?: 'templates' | 'stacks';
  intro?: string;
  toolbar?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  const { t } = useTranslation('stacks');
  const tabs = [
    { key: 'templates', to: PATHS.templates, label: t('tabs.templates') },
    { key: 'stacks', to: PATHS.stacks, label: t('tabs.stacks') },
  ];
  return (
    <TaskFrame
      page={page}
      className="ys-stacks"
      title={title}
      back={back ?? { to: '/homeOperation', label: t('back') }}
      tabs={tab ? tabs : undefined}
      tab={tab}
      tabsLabel={t('tabs.label')}
      intro={intro}
      toolbar={toolbar}
    >
      {children}
    </TaskFrame>
  );
}

const COLORS: Record<string, 'primary' | 'success' | 'warning' | 'danger' | 'default'> = {
  deploying: 'primary',
  deployed: 'success',
  rolling_back: 'warning',
  rolled_back: 'default',
  failed: 'danger',
  deleting: 'warning',
  creating: 'primary',
  ready: 'success',
  connecting: 'primary',
  connected: 'success',
  removing: 'warning',
};

export function StatusTag({ status, of = 'status' }: { status: string; of?: 'status' | 'state' }) {
  const { t } = useTranslation('stacks');
  return (
    <Tag color={COLORS[status] ?? 'default'} fill="outline" className="ys-stacks__tag" data-status={status}>
      {t(`${of}.${status}`)}
    </Tag>
  );
}

export function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="ys-stacks__dl">
      {rows.map(([label, value]) => (
        <div key={label} className="ys-stacks__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The kind's name in the area's words (私有网络, 云主机, …). */
export function useKindName() {
  const { t } = useTranslation('stacks');
  return (kind: string) => (isStackKind(kind) ? t(`kinds.${kind}`) : kind);
}

type T = (key: string, o?: Record<string, unknown>) => string;
/** An option's label: the kind's own (线路 BGP 多线), else the shared one (CentOS 7.9), else the value. */
export function optionLabel(t: T, kind: string, field: string, value: string) {
  const own = t(`kinds:${kind}.options.${field}.${value.replace(/\./g, '_')}`, { defaultValue: '' });
  return own || t(`kinds:options.${field}.${value.replace(/\./g, '_')}`, { defaultValue: value });
}

/** A field's label from the kind's texts (网段, 规格, 带宽). */
export function useFieldLabel() {
  const { t } = useTranslation('kinds');
  return (kind: string, field: string) => t(`kinds:${kind}.fields.${field}`, { defaultValue: field });
}

/** A node's spec in words: "CentOS 7.9 · 2 核 4 GB"-like, from the kinds' option labels and units. */
export function useNodeSummary() {
  const { t } = useTranslation(['kinds', 'stacks']);
  return (node: Pick<StackNode, 'kind' | 'spec'>) => {
    if (!isStackKind(node.kind)) return '';
    return STACK_FIELDS[node.kind]
      .map((f) => {
        const v = node.spec[f.key];
        if (v === undefined || v === '') return null;
        if (f.type === 'enum') return optionLabel(t, node.kind, f.key, String(v));
        return f.unit ? `${String(v)} ${t(`stacks:units.${f.unit}`)}` : String(v);
      })
      .filter(Boolean)
      .join(' · ');
  };
}
