// customLayout: the user arranges their overview — every panel turned on or off (one stays on), up
// to three panels of their own added with a name of 1-12 characters and the metrics they show,
// renamed or removed; on a desktop the rows are dragged into order, on a phone or tablet each row
// moves up or down. Every change is saved on the server at once and answered with the whole layout.
import { useState, type DragEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Input, Selector, Switch, Tag, Toast } from 'antd-mobile';
import {
  CUSTOM_PANEL_MAX,
  METRIC_KEYS,
  PANEL_METRICS_MAX,
  PANEL_NAME_MAX,
  charCount,
  moveBy,
  moveTo,
  type Layout,
  type MetricKey,
  type Panel,
} from '../../../domain/dashboards.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { TaskListState } from '../../ui/task-frame.tsx';
import { addPanel, deletePanel, getLayout, patchPanel, saveOrder } from './api.ts';
import { DashFrame, PATHS, useScopeKey } from './parts.tsx';
import { dashboardKeys } from './query-keys.ts';

const nameOk = (s: string) => charCount(s.trim()) >= 1 && charCount(s.trim()) <= PANEL_NAME_MAX;

function NameField({ value, onChange, label, testId }: { value: string; onChange: (v: string) => void; label: string; testId: string }) {
  const { t } = useTranslation('dashboards');
  const bad = value.length > 0 && !nameOk(value);
  return (
    <div className="ys-dash__field">
      <Input value={value} onChange={onChange} placeholder={t('layout.name_placeholder')} aria-label={label} data-testid={testId} clearable />
      <span className={bad ? 'ys-dash__hint ys-dash__hint--bad' : 'ys-dash__hint'}>
        {t('layout.name_rule', { n: charCount(value.trim()), max: PANEL_NAME_MAX })}
      </span>
    </div>
  );
}

function MetricPicker({ value, onChange }: { value: MetricKey[]; onChange: (v: MetricKey[]) => void }) {
  const { t } = useTranslation('dashboards');
  return (
    <fieldset className="ys-dash__metrics">
      <legend>{t('layout.metrics', { max: PANEL_METRICS_MAX })}</legend>
      <Selector
        multiple
        columns={2}
        value={value}
        onChange={(v) => onChange((v as MetricKey[]).slice(0, PANEL_METRICS_MAX))}
        options={METRIC_KEYS.map((m) => ({ label: t(`metric.${m}`), value: m, disabled: !value.includes(m) && value.length >= PANEL_METRICS_MAX }))}
      />
    </fieldset>
  );
}

interface RowProps {
  panel: Panel;
  index: number;
  count: number;
  onlyOn: boolean;
  desktop: boolean;
  busy: boolean;
  change: (fn: () => Promise<Layout>) => void;
  move: (from: number, to: number) => void;
  drag: { from: number | null; over: number | null; set: (d: { from: number | null; over: number | null }) => void };
}

function PanelRow({ panel, index, count, onlyOn, desktop, busy, change, move, drag }: RowProps) {
  const { t } = useTranslation('dashboards');
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(panel.name ?? '');
  const title = panel.type === 'custom' ? (panel.name ?? '') : t(`panel.${panel.key}`);
  const dragProps = desktop
    ? {
        draggable: true,
        onDragStart: (e: DragEvent) => {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', panel.key);
          drag.set({ from: index, over: index });
        },
        onDragOver: (e: DragEvent) => {
          e.preventDefault();
          if (drag.over !== index) drag.set({ from: drag.from, over: index });
        },
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          if (drag.from !== null) move(drag.from, index);
          drag.set({ from: null, over: null });
        },
        onDragEnd: () => drag.set({ from: null, over: null }),
      }
    : {};
  return (
    <li
      className="ys-dash__row"
      data-testid="layout-row"
      data-key={panel.key}
      data-on={panel.on}
      data-over={drag.over === index && drag.from !== index}
      {...dragProps}
    >
      <div className="ys-dash__row-main">
        {desktop ? (
          <span className="ys-dash__handle" aria-hidden="true" title={t('layout.drag')}>
            ⋮⋮
          </span>
        ) : null}
        <div className="ys-dash__row-title">
          <strong>{title}</strong>
          <Tag fill="outline" color={panel.type === 'custom' ? 'primary' : 'default'}>
            {t(`layout.type.${panel.type}`)}
          </Tag>
        </div>
        <label className="ys-dash__switch">
          <span>{panel.on ? t('layout.on') : t('layout.off')}</span>
          <Switch
            checked={panel.on}
            disabled={busy || (panel.on && onlyOn)}
            onChange={(on) => change(() => patchPanel(panel.key, { on }))}
            aria-label={t('layout.toggle', { name: title })}
          />
        </label>
      </div>
      {editing ? (
        <div className="ys-dash__row-edit">
          <NameField value={name} onChange={setName} label={t('layout.rename_label', { name: title })} testId="rename-input" />
          <div className="ys-dash__actions">
            <Button
              color="primary"
              disabled={!nameOk(name) || busy}
              onClick={() => {
                change(() => patchPanel(panel.key, { name: name.trim() }));
                setEditing(false);
              }}
            >
              {t('layout.save')}
            </Button>
            <Button onClick={() => setEditing(false)}>{t('layout.cancel')}</Button>
          </div>
        </div>
      ) : (
        <div className="ys-dash__actions">
          {!desktop ? (
            <>
              <Button disabled={busy || index === 0} onClick={() => move(index, index - 1)} aria-label={t('layout.up_label', { name: title })}>
                {t('layout.up')}
              </Button>
              <Button disabled={busy || index === count - 1} onClick={() => move(index, index + 1)} aria-label={t('layout.down_label', { name: title })}>
                {t('layout.down')}
              </Button>
            </>
          ) : null}
          {panel.type === 'custom' ? (
            <>
              <Button onClick={() => (setName(panel.name ?? ''), setEditing(true))} disabled={busy} data-testid="rename">
                {t('layout.rename')}
              </Button>
              <Button color="danger" fill="outline" disabled={busy || (panel.on && onlyOn)} onClick={() => change(() => deletePanel(panel.key))}>
                {t('layout.delete')}
              </Button>
            </>
          ) : null}
        </div>
      )}
    </li>
  );
}

function AddPanel({ customCount, busy, change }: { customCount: number; busy: boolean; change: (fn: () => Promise<Layout>) => void }) {
  const { t } = useTranslation('dashboards');
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [metrics, setMetrics] = useState<MetricKey[]>(['instance_count', 'cores_used', 'memory_used']);
  const full = customCount >= CUSTOM_PANEL_MAX;
  if (!open)
    return (
      <div className="ys-dash__add">
        <Button color="primary" disabled={full || busy} onClick={() => setOpen(true)} data-testid="add-panel">
          {t('layout.add')}
        </Button>
        <span className="ys-dash__hint">{full ? t('layout.full', { max: CUSTOM_PANEL_MAX }) : t('layout.left', { n: CUSTOM_PANEL_MAX - customCount })}</span>
      </div>
    );
  return (
    <section className="ys-dash__card" aria-labelledby="dash-add">
      <h2 id="dash-add">{t('layout.add')}</h2>
      <NameField value={name} onChange={setName} label={t('layout.name')} testId="new-name" />
      <MetricPicker value={metrics} onChange={setMetrics} />
      <div className="ys-dash__actions">
        <Button
          color="primary"
          disabled={!nameOk(name) || metrics.length === 0 || busy}
          onClick={() => {
            change(() => addPanel({ name: name.trim(), metrics }));
            setOpen(false);
            setName('');
          }}
        >
          {t('layout.create')}
        </Button>
        <Button onClick={() => setOpen(false)}>{t('layout.cancel')}</Button>
      </div>
    </section>
  );
}

export default function LayoutPage() {
  const { t } = useTranslation('dashboards');
  const scope = useScopeKey();
  const desktop = useBreakpoint() === 'desktop';
  const qc = useQueryClient();
  const key = dashboardKeys.layout(scope);
  const layout = useQuery({ queryKey: key, queryFn: getLayout, enabled: Boolean(scope[0]) });
  const [drag, setDrag] = useState<{ from: number | null; over: number | null }>({ from: null, over: null });
  const m = useMutation({
    mutationFn: (fn: () => Promise<Layout>) => fn(),
    onSuccess: (l) => {
      qc.setQueryData(key, l);
      Toast.show({ content: t('layout.saved') });
    },
    onError: () => void qc.invalidateQueries({ queryKey: key }),
  });
  const panels = layout.data?.panels ?? [];
  const move = (from: number, to: number) => {
    const next = desktop ? moveTo(panels, from, to) : moveBy(panels, from, to < from ? -1 : 1);
    if (next.every((p, i) => p.key === panels[i]?.key)) return;
    qc.setQueryData(key, { ...layout.data!, panels: next });
    m.mutate(() => saveOrder(next.map((p) => p.key)));
  };
  const onlyOn = panels.filter((p) => p.on).length === 1;
  return (
    <DashFrame
      page="customLayout"
      title={t('routes:customLayout')}
      back={{ to: PATHS.custom, label: t('back_custom') }}
      intro={desktop ? t('layout.intro_desktop') : t('layout.intro_phone')}
    >
      <TaskListState loading={layout.isPending} failed={layout.isError} empty={false} emptyText="" loadingText={t('loading')} failedText={t('failed')} />
      {layout.data ? (
        <>
          <ol className="ys-dash__rows" aria-label={t('layout.list')}>
            {panels.map((p, i) => (
              <PanelRow
                key={p.key}
                panel={p}
                index={i}
                count={panels.length}
                onlyOn={onlyOn}
                desktop={desktop}
                busy={m.isPending}
                change={m.mutate}
                move={move}
                drag={{ ...drag, set: setDrag }}
              />
            ))}
          </ol>
          {onlyOn ? <p className="ys-dash__hint">{t('layout.one_on')}</p> : null}
          <AddPanel customCount={panels.filter((p) => p.type === 'custom').length} busy={m.isPending} change={m.mutate} />
        </>
      ) : null}
    </DashFrame>
  );
}
