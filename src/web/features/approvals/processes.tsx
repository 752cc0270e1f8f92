// approvalManage and approvalAdd: the tenant's approval processes (which requests need approval,
// the levels and their approvers, escalation) — a list with enable/delete, and the add form.
// Approvers are accounts, comma separated, at most 8 per level (seed 001 §5).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Dialog, DotLoading, ErrorBlock, Form, Input, Selector, Stepper, Switch, Tag, Toast } from 'antd-mobile';
import { MAX_APPROVERS_PER_LEVEL, MAX_LEVELS } from '../../../domain/approvals/approval.schema.ts';
import { freeRequestTypes, REQUEST_TYPES } from '../../../domain/approvals/approval-status.ts';
import { projectAtom, territoriesAtom, tenantAtom } from '../../lib/store.ts';
import { createProcess, deleteProcess, getProcess, listProcesses, updateProcess, type ApprovalProcess } from './api.ts';
import { approvalKeys } from './query-keys.ts';

function approverNames(level: ApprovalProcess['levels'][number]): string {
  return (level.approvers ?? []).map((a) => (typeof a === 'string' ? a : a.nickname)).join('、');
}

function approverAccounts(level: ApprovalProcess['levels'][number]): string[] {
  return (level.approvers ?? []).map((a) => (typeof a === 'string' ? a : a.account));
}

export function ProcessList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useQuery({ queryKey: approvalKeys.processes(), queryFn: listProcesses });
  const [removing, setRemoving] = useState<ApprovalProcess | null>(null);

  const toggle = async (p: ApprovalProcess, enabled: boolean) => {
    await updateProcess(p.id, {
      name: p.name,
      description: p.description ?? undefined,
      project_id: p.project_id,
      request_types: p.request_types,
      production: p.production,
      enabled,
      levels: p.levels.map((l) => ({ name: l.name ?? undefined, approvers: approverAccounts(l), escalate_after_hours: l.escalate_after_hours })),
    }).catch(() => undefined);
    void client.invalidateQueries({ queryKey: approvalKeys.processes() });
  };
  const remove = async () => {
    const p = removing;
    setRemoving(null);
    if (!p) return;
    await deleteProcess(p.id).catch(() => undefined);
    void client.invalidateQueries({ queryKey: approvalKeys.processes() });
  };

  return (
    <div className="ys-appr-processes">
      <div className="ys-appr-toolbar">
        <span className="ys-appr-toolbar__hint">{t('approvals:process.count', { n: query.data?.count ?? 0 })}</span>
        <Button size="small" color="primary" onClick={() => navigate('/approvalAdd')} data-testid="process-add">
          {t('approvals:process.add')}
        </Button>
      </div>
      {query.isPending && (
        <div className="ys-appr-loading">
          <DotLoading />
        </div>
      )}
      {query.isError && <ErrorBlock status="default" title={t('approvals:inbox.load_failed')} description="" />}
      {query.data?.data.length === 0 && <ErrorBlock status="empty" title={t('approvals:process.empty')} description="" />}
      {query.data?.data.map((p) => (
        <Card
          key={p.id}
          className="ys-appr-process"
          title={p.name}
          data-testid="process-card"
          extra={<Switch checked={p.enabled} onChange={(on) => void toggle(p, on)} aria-label={t('approvals:process.enabled')} />}
        >
          <div className="ys-appr-process__meta">
            <span>{p.project_name ?? t('approvals:process.all_projects')}</span>
            {p.production && (
              <Tag color="warning" fill="outline">
                {t('approvals:process.production')}
              </Tag>
            )}
          </div>
          <div className="ys-appr-process__types">
            {p.request_types.map((ty) => (
              <Tag key={ty} fill="outline">
                {t(`approvals:type.${ty}`, { defaultValue: ty })}
              </Tag>
            ))}
          </div>
          <ol className="ys-appr-process__levels">
            {p.levels.map((l, i) => (
              <li key={i}>
                {t('approvals:field.level', { level: i + 1 })}
                {l.name ? ` · ${l.name}` : ''}：{approverNames(l)}
                {l.escalate_after_hours ? t('approvals:process.escalate_note', { hours: l.escalate_after_hours }) : ''}
              </li>
            ))}
          </ol>
          <div className="ys-appr-process__actions">
            <Button size="mini" color="primary" fill="none" onClick={() => navigate(`/approvalAdd?id=${p.id}`)} data-testid="process-edit">
              {t('approvals:process.edit')}
            </Button>
            <Button size="mini" color="danger" fill="none" onClick={() => setRemoving(p)}>
              {t('approvals:process.delete')}
            </Button>
          </div>
        </Card>
      ))}
      <Dialog
        visible={removing !== null}
        content={removing ? t('approvals:process.delete_confirm', { name: removing.name }) : null}
        onClose={() => setRemoving(null)}
        closeOnMaskClick
        actions={[
          [
            { key: 'cancel', text: t('approvals:reject.cancel'), onClick: () => setRemoving(null) },
            { key: 'ok', text: t('approvals:process.delete'), danger: true, bold: true, onClick: () => void remove() },
          ],
        ]}
      />
    </div>
  );
}

/** Under a field: its error in red when there is one, else its note (antd-mobile's `help` is only a popover icon). */
function FieldNote({ error, note }: { error?: string; note?: string }) {
  if (error)
    return (
      <span className="ys-appr-form__error" role="alert">
        {error}
      </span>
    );
  return note ? <span>{note}</span> : null;
}

interface LevelDraft {
  name: string;
  approvers: string;
  hours: number | null;
}

/** approvalAdd: a new process, or with `id` (approvalAdd?id=…) the edit form of an existing one. */
export function ProcessForm({ id }: { id?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const territories = useAtomValue(territoriesAtom);
  const tenant = useAtomValue(tenantAtom);
  const project = useAtomValue(projectAtom);
  const projects = territories?.find((x) => x.tenant_id === tenant?.id)?.projects ?? [];
  const [name, setName] = useState('');
  const [projectId, setProjectId] = useState<string>(project?.id ?? '');
  const [types, setTypes] = useState<string[]>([...REQUEST_TYPES]);
  const [production, setProduction] = useState(false);
  const [levels, setLevels] = useState<LevelDraft[]>([{ name: '', approvers: '', hours: null }]);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const existing = useQuery({ queryKey: approvalKeys.process(id), queryFn: () => getProcess(id!), enabled: Boolean(id), retry: false });
  const [enabled, setEnabled] = useState(true);
  const [filled, setFilled] = useState(false);
  // A new process starts with the request types no process of its project (or of the whole tenant) takes yet, until the user ticks.
  const others = useQuery({ queryKey: approvalKeys.processes(), queryFn: listProcesses, enabled: !id });
  const [typesTouched, setTypesTouched] = useState(false);
  useEffect(() => {
    if (id || typesTouched || !others.data) return;
    setTypes(freeRequestTypes(others.data.data, projectId || null));
  }, [id, typesTouched, others.data, projectId]);
  // Fill the form once from the saved process; later refetches must not overwrite the user's edits.
  useEffect(() => {
    const p = existing.data;
    if (!p || filled) return;
    setFilled(true);
    setName(p.name);
    setProjectId(p.project_id ?? '');
    setTypes(p.request_types);
    setProduction(p.production);
    setEnabled(p.enabled);
    setLevels(p.levels.map((l) => ({ name: l.name ?? '', approvers: approverAccounts(l).join(','), hours: l.escalate_after_hours })));
  }, [existing.data, filled]);

  const split = (v: string) =>
    v
      .split(/[,，\s]+/)
      .map((s) => s.trim())
      .filter(Boolean);
  const validate = () => {
    const e: Record<string, string> = {};
    if (name.trim().length < 2 || name.trim().length > 60) e.name = t('approvals:process.name_rule');
    if (types.length === 0) e.types = t('approvals:process.types_rule');
    levels.forEach((l, i) => {
      const a = split(l.approvers);
      if (a.length === 0) e[`level${i}`] = t('approvals:process.approvers_required');
      else if (a.length > MAX_APPROVERS_PER_LEVEL) e[`level${i}`] = t('approvals:process.approvers_too_many', { max: MAX_APPROVERS_PER_LEVEL });
      else if (new Set(a).size !== a.length) e[`level${i}`] = t('approvals:process.approvers_repeated');
    });
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const save = async () => {
    if (!validate()) return;
    setSaving(true);
    try {
      const body = {
        name: name.trim(),
        project_id: projectId || null,
        request_types: types,
        production,
        enabled: id ? enabled : true,
        levels: levels.map((l) => ({ ...(l.name.trim() ? { name: l.name.trim() } : {}), approvers: split(l.approvers), escalate_after_hours: l.hours })),
      };
      if (id) await updateProcess(id, body);
      else await createProcess(body);
      Toast.show({ content: t('approvals:process.saved') });
      void client.invalidateQueries({ queryKey: approvalKeys.processes() });
      navigate('/approvalManage');
    } catch {
      /* the request helper showed the server's reason */
    } finally {
      setSaving(false);
    }
  };

  if (id && existing.isPending)
    return (
      <div className="ys-appr-loading">
        <DotLoading />
      </div>
    );
  if (id && existing.isError) {
    return (
      <ErrorBlock status="default" title={t('approvals:process.not_found')} description="">
        <Button size="small" onClick={() => navigate('/approvalManage')}>
          {t('approvals:process.back_to_list')}
        </Button>
      </ErrorBlock>
    );
  }

  return (
    <Form
      layout="vertical"
      className="ys-appr-form"
      footer={
        <Button block color="primary" loading={saving} onClick={() => void save()} data-testid="process-save">
          {t('approvals:process.save')}
        </Button>
      }
    >
      <Form.Item label={t('approvals:process.name')} required description={<FieldNote error={errors.name} />}>
        <Input value={name} onChange={setName} maxLength={60} placeholder={t('approvals:process.name_placeholder')} data-testid="process-name" />
      </Form.Item>
      <Form.Item label={t('approvals:field.project')}>
        <Selector
          columns={1}
          value={[projectId]}
          onChange={(v) => setProjectId(v[0] ?? '')}
          options={[
            { label: t('approvals:process.all_projects'), value: '' },
            ...projects.map((p) => ({ label: p.project_name_zh || p.project_name, value: p.project_id })),
          ]}
        />
      </Form.Item>
      <Form.Item label={t('approvals:process.types')} required description={<FieldNote error={errors.types} />}>
        <Checkbox.Group
          value={types}
          onChange={(v) => {
            setTypesTouched(true);
            setTypes(v as string[]);
          }}
        >
          <div className="ys-appr-form__types">
            {REQUEST_TYPES.map((ty) => (
              <Checkbox key={ty} value={ty}>
                {t(`approvals:type.${ty}`)}
              </Checkbox>
            ))}
          </div>
        </Checkbox.Group>
      </Form.Item>
      <Form.Item label={t('approvals:process.production')} description={<FieldNote note={t('approvals:timing.finance_production')} />}>
        <Switch checked={production} onChange={setProduction} />
      </Form.Item>
      <LevelFields levels={levels} setLevels={setLevels} errors={errors} />
    </Form>
  );
}

/** The levels of a process, each with its name, approvers (accounts) and escalation hours. */
function LevelFields({
  levels,
  setLevels,
  errors,
}: {
  levels: LevelDraft[];
  setLevels: (f: (ls: LevelDraft[]) => LevelDraft[]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const setLevel = (i: number, patch: Partial<LevelDraft>) => setLevels((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <>
      {levels.map((l, i) => (
        <Form.Item
          key={i}
          label={t('approvals:field.level', { level: i + 1 })}
          required
          description={<FieldNote error={errors[`level${i}`]} note={t('approvals:process.approvers_help', { max: MAX_APPROVERS_PER_LEVEL })} />}
        >
          <Input value={l.name} onChange={(v) => setLevel(i, { name: v })} maxLength={32} placeholder={t('approvals:process.level_name')} />
          <Input
            value={l.approvers}
            onChange={(v) => setLevel(i, { approvers: v })}
            placeholder={t('approvals:process.approvers_placeholder')}
            data-testid={`process-approvers-${i}`}
          />
          <div className="ys-appr-form__hours">
            <span>{t('approvals:field.escalate_after_hours')}</span>
            <Stepper min={0} max={8760} digits={1} step={1} value={l.hours ?? 0} onChange={(v) => setLevel(i, { hours: v ? Number(v) : null })} />
          </div>
          {levels.length > 1 && (
            <Button size="mini" fill="none" color="danger" onClick={() => setLevels((ls) => ls.filter((_, j) => j !== i))}>
              {t('approvals:process.remove_level')}
            </Button>
          )}
        </Form.Item>
      ))}
      {levels.length < MAX_LEVELS && (
        <Button size="small" fill="outline" onClick={() => setLevels((ls) => [...ls, { name: '', approvers: '', hours: null }])}>
          {t('approvals:process.add_level')}
        </Button>
      )}
    </>
  );
}
