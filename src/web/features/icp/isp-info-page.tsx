// ispInfo/:id: one filing — its progress through 初审 → 管局审核 → 材料已提交 → 已完成 with the time
// of each step reached and the expected day, the ICP number once completed, the subject and site in
// words, and the materials with their sizes.
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Steps } from 'antd-mobile';
import { byteSize } from '../../lib/byte-size.ts';
import { TaskListState } from '../../ui/task-frame.tsx';
import { getFiling, type IcpFiling } from './api.ts';
import { icpKeys } from './query-keys.ts';
import { IcpFrame, PATHS, Rows, StatusTag, day, when } from './icp-parts.tsx';

function Progress({ f }: { f: IcpFiling }) {
  const { t } = useTranslation('icp');
  const current = f.steps.filter((s) => s.at).length - 1;
  return (
    <section className="ys-icp__section ys-icp__steps" aria-labelledby="icp-progress">
      <h2 id="icp-progress">{t('detail.progress')}</h2>
      <Steps direction="vertical" current={current}>
        {f.steps.map((s) => (
          <Steps.Step key={s.state} title={t(`step.${s.state}`)} description={s.at ? when(s.at) : t('detail.pending')} status={s.at ? 'finish' : 'wait'} />
        ))}
      </Steps>
      <p className="ys-icp__muted">{f.completed_at ? `${t('card.completed_at')} ${when(f.completed_at)}` : `${t('card.expected_at')} ${day(f.expected_at)}`}</p>
    </section>
  );
}

function Body({ f }: { f: IcpFiling }) {
  const { t } = useTranslation('icp');
  const s = f.subject;
  const subject: [string, ReactNode][] = [
    [t('field.sponsor_name'), s.sponsor_name],
    [t('field.nature'), t(`nature.${s.nature}`)],
    [t('field.cert_type'), t(`cert.${s.cert_type}`)],
    [t('field.cert_number'), s.cert_number],
    [t('field.address'), s.address],
    [t('field.leader_name'), s.leader_name],
    [t('field.leader_phone'), s.leader_phone],
    [t('field.emergency_phone'), s.emergency_phone],
  ];
  const site: [string, ReactNode][] = [
    [t('field.site_name'), f.site.site_name],
    [t('field.domain'), f.site.domain],
    [t('field.url'), f.site.url],
    [t('field.ip'), f.site.ip],
    ...(f.site.remarks ? ([[t('field.remarks'), f.site.remarks]] as [string, ReactNode][]) : []),
  ];
  return (
    <>
      <section className="ys-icp__section">
        <div className="ys-icp__cardhead">
          <h2>{f.site.site_name}</h2>
          <StatusTag status={f.status} />
        </div>
        <Rows
          rows={[...(f.icp_number ? ([[t('lookup.number'), f.icp_number]] as [string, ReactNode][]) : []), [t('card.submitted_at'), when(f.submitted_at)]]}
        />
      </section>
      <Progress f={f} />
      <section className="ys-icp__section">
        <h2>{t('detail.subject')}</h2>
        <Rows rows={subject} />
      </section>
      <section className="ys-icp__section">
        <h2>{t('detail.site')}</h2>
        <Rows rows={site} />
      </section>
      <section className="ys-icp__section">
        <h2>{t('detail.materials')}</h2>
        <Rows rows={f.materials.map((m) => [t(`material.${m.kind}`), `${m.name}（${byteSize(m.size)}）`] as [string, ReactNode])} />
      </section>
    </>
  );
}

export default function IspInfoPage() {
  const { t } = useTranslation('icp');
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: icpKeys.detail(id), queryFn: () => getFiling(id) });
  return (
    <IcpFrame page="ispInfo" title={t('detail.title')} back={{ to: PATHS.list, label: t('back_list') }}>
      <TaskListState loading={q.isPending} failed={q.isError} empty={false} loadingText={t('mine.loading')} failedText={t('detail.not_found')} emptyText="" />
      {q.data ? <Body f={q.data} /> : null}
    </IcpFrame>
  );
}
