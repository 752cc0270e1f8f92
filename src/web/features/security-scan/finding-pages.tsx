// leakManage: every finding of the scope, filtered by severity and state (the filter in the address,
// so the overview's counts link to it). leakDetail: one finding — its CVSS v3.1 vector in words with
// the score and sub-scores, the component and the fixing version, the host, and the repair records;
// 标记已修复 / 忽略 / 重新打开 each ask for a note.
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, TextArea, Toast } from 'antd-mobile';
import { parseCvss, CVSS_METRICS } from '../../../domain/security-scan/cvss.ts';
import { REPAIR_FROM, REPAIR_ACTIONS, type RepairAction } from '../../../domain/security-scan/security-scan.ts';
import { CardTable } from '../../ui/card-table.tsx';
import { getFinding, listFindings, repairFinding, secKeys, type Finding, type FindingDetail } from './api.ts';
import { Loading, PATHS, Rows, SecFrame, Section, SeverityTag, StateTag, when } from './parts.tsx';

const SEVERITY_FILTER = ['', 'critical', 'high', 'medium', 'low'] as const;
const STATE_FILTER = ['', 'open', 'fixed', 'verified', 'ignored'] as const;

function Filter({ name, values, value, set }: { name: string; values: readonly string[]; value: string; set: (v: string) => void }) {
  const { t } = useTranslation('security');
  return (
    <label className="ys-sec__filter">
      <span>{t(`filter.${name}`)}</span>
      <select value={value} onChange={(e) => set(e.target.value)} data-testid={`filter-${name}`}>
        {values.map((v) => (
          <option key={v} value={v}>
            {v ? t(`${name === 'severity' ? 'severity' : 'vuln_state'}.${v}`) : t('filter.all')}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FindingTable({ rows, showHost = true }: { rows: Finding[]; showHost?: boolean }) {
  const { t } = useTranslation('security');
  return (
    <CardTable
      rows={rows}
      rowKey={(f) => f.id}
      testid="finding"
      columns={[
        {
          key: 'title',
          label: t('col.title'),
          wrap: true,
          render: (f) => (
            <Link to={PATHS.finding(f.id)} className="ys-sec__name">
              {f.title}
            </Link>
          ),
        },
        { key: 'cve', label: t('col.cve'), render: (f) => f.cve_id },
        { key: 'severity', label: t('col.severity'), render: (f) => <SeverityTag severity={f.severity} score={f.score} /> },
        ...(showHost ? [{ key: 'host', label: t('col.host'), render: (f: Finding) => <Link to={PATHS.host(f.host_id)}>{f.host_name}</Link> }] : []),
        { key: 'state', label: t('col.state'), render: (f) => <StateTag kind="vuln" state={f.status} /> },
        { key: 'seen', label: t('col.last_seen'), render: (f) => when(f.last_seen_at) },
      ]}
    />
  );
}

export function ManagePage() {
  const { t } = useTranslation('security');
  const [params, setParams] = useSearchParams();
  const severity = params.get('severity') ?? '';
  const status = params.get('status') ?? '';
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next, { replace: true });
  };
  const q = useQuery({ queryKey: secKeys.findings({ severity, status }), queryFn: () => listFindings({ severity, status }) });
  const rows = q.data?.data ?? [];
  return (
    <SecFrame page="leakManage" tab="manage" title={t('title.leakManage')}>
      <div className="ys-sec__filters">
        <Filter name="severity" values={SEVERITY_FILTER} value={severity} set={(v) => set('severity', v)} />
        <Filter name="status" values={STATE_FILTER} value={status} set={(v) => set('status', v)} />
      </div>
      <Loading q={q} empty={rows.length === 0} emptyText={t('none_match')} />
      {rows.length ? (
        <>
          <p className="ys-sec__muted">{t('count_n', { n: q.data?.count ?? 0 })}</p>
          <FindingTable rows={rows} />
        </>
      ) : null}
    </SecFrame>
  );
}

function Vector({ vector }: { vector: string }) {
  const { t } = useTranslation('security');
  const v = parseCvss(vector);
  if (!v) return null;
  return <Rows rows={CVSS_METRICS.map((m) => [t(`cvss.${m}`), t(`cvss.${m}_${v[m]}`)])} />;
}

function RepairActions({ f }: { f: FindingDetail }) {
  const { t } = useTranslation('security');
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: ({ action, note }: { action: RepairAction; note: string }) => repairFinding(f.id, { action, note }),
    onSuccess: (d) => {
      qc.setQueryData(secKeys.finding(f.id), d);
      void qc.invalidateQueries({ queryKey: secKeys.all });
    },
  });
  const ask = (action: RepairAction) => {
    let note = '';
    void Dialog.confirm({
      title: t(`repair.${action}_title`),
      content: (
        <div className="ys-sec__note">
          <p>{t(`repair.${action}_hint`)}</p>
          <TextArea
            aria-label={t('repair.note')}
            placeholder={t('repair.note_ph')}
            maxLength={200}
            showCount
            rows={3}
            onChange={(v) => (note = v)}
            data-testid="repair-note"
          />
        </div>
      ),
      confirmText: t('repair.confirm'),
      cancelText: t('cancel'),
      onConfirm: async () => {
        if (!note.trim()) {
          Toast.show({ content: t('repair.note_required') });
          throw new Error(t('repair.note_required'));
        }
        await m.mutateAsync({ action, note });
      },
    });
  };
  const allowed = REPAIR_ACTIONS.filter((a) => REPAIR_FROM[a].includes(f.status));
  if (!allowed.length) return null;
  return (
    <div className="ys-sec__actions">
      {allowed.map((a) => (
        <Button key={a} color={a === 'fixed' ? 'primary' : 'default'} onClick={() => ask(a)} data-testid={`repair-${a}`}>
          {t(`repair.${a}`)}
        </Button>
      ))}
    </div>
  );
}

export function FindingPage() {
  const { t } = useTranslation('security');
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: secKeys.finding(id), queryFn: () => getFinding(id) });
  const f = q.data;
  return (
    <SecFrame page="leakDetail" title={t('title.leakDetail')} back={{ to: PATHS.manage, label: t('back_manage') }}>
      <Loading q={q} />
      {f ? (
        <>
          <Section>
            <h2 className="ys-sec__h">{f.title}</h2>
            <div className="ys-sec__tags">
              <SeverityTag severity={f.severity} score={f.score} />
              <StateTag kind="vuln" state={f.status} />
            </div>
            <Rows
              rows={[
                [t('col.cve'), f.cve_id],
                [t('col.host'), <Link to={PATHS.host(f.host_id)}>{f.host_name}</Link>],
                [t('detail.component'), f.component],
                [t('detail.remedy'), t('detail.remedy_text', { component: f.component, version: f.fixed_version })],
                [t('detail.published'), f.published],
                [t('detail.first_found'), when(f.first_found_at)],
                [t('col.last_seen'), when(f.last_seen_at)],
              ]}
            />
            <RepairActions f={f} />
          </Section>
          <Section title={t('detail.cvss')} id="sec-cvss">
            <Rows
              rows={[
                [t('detail.base_score'), `${f.score.toFixed(1)}（${t(`severity.${f.severity}`)}）`],
                [t('detail.impact'), f.impact.toFixed(1)],
                [t('detail.exploitability'), f.exploitability.toFixed(1)],
              ]}
            />
            <p className="ys-sec__vector">{f.vector}</p>
            <Vector vector={f.vector} />
          </Section>
          <Section title={t('detail.records')} id="sec-records">
            <ol className="ys-sec__records">
              {f.records.map((r, i) => (
                <li key={i}>
                  <span className="ys-sec__rec-head">
                    {t(`record.${r.action}`)} · {when(r.at)}
                    {r.user_name ? ` · ${r.user_name}` : ''}
                  </span>
                  {r.note ? <span className="ys-sec__rec-note">{r.note}</span> : null}
                </li>
              ))}
            </ol>
          </Section>
        </>
      ) : null}
    </SecFrame>
  );
}
