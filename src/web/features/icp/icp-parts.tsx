// The pieces the ICP filing pages share: the frame (title, the way back), the status tag, a filing's
// card and its labelled rows. Values are shown in words and dates in China time, never as codes.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd-mobile';
import { formatDateTime } from '../../../domain/time-format.ts';
import { statusView } from '../../../domain/status-tones.ts';
import { TaskFrame } from '../../ui/task-frame.tsx';
import type { IcpFiling } from './api.ts';
import './icp.css';

export const PATHS = { list: '/isp', add: '/ispAdd', detail: (id: string) => `/ispInfo/${id}` } as const;
export const when = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');
/** The date alone (the review's expected day). */
export const day = (v: string | null | undefined) => (v ? formatDateTime(v).slice(0, 10) : '—');

export function IcpFrame({
  page,
  title,
  back,
  children,
  toolbar,
}: {
  page: string;
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
  toolbar?: ReactNode;
}) {
  return (
    <TaskFrame page={page} className="ys-icp" title={title} back={back} toolbar={toolbar}>
      {children}
    </TaskFrame>
  );
}

/** A filing's status in the colour of the one status table (domain/status-tones.ts). */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('icp');
  const view = statusView('filing', status);
  return (
    <Tag color={view.tone} fill="outline" className="ys-icp__tag" data-status={status}>
      {t(view.labelKey)}
    </Tag>
  );
}

/** Label and value rows. */
export function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="ys-icp__dl">
      {rows.map(([label, value]) => (
        <div key={label} className="ys-icp__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FilingCard({ filing }: { filing: IcpFiling }) {
  const { t } = useTranslation('icp');
  return (
    <li className="ys-icp__card" data-testid="icp-card">
      <div className="ys-icp__cardhead">
        <Link to={PATHS.detail(filing.id)} className="ys-icp__name">
          {filing.site.site_name}
        </Link>
        <StatusTag status={filing.status} />
      </div>
      <Rows
        rows={[
          [t('card.domain'), filing.site.domain],
          ...(filing.icp_number ? ([[t('lookup.number'), filing.icp_number]] as [string, ReactNode][]) : []),
          [t('card.submitted_at'), when(filing.submitted_at)],
          filing.completed_at ? [t('card.completed_at'), when(filing.completed_at)] : [t('card.expected_at'), day(filing.expected_at)],
        ]}
      />
    </li>
  );
}
