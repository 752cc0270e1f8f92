// Small pieces the desk pages share: the status chip, the SLA line, the loading and empty states.
import { useTranslation } from 'react-i18next';
import { DotLoading, Empty } from 'antd-mobile';
import { SLA_HOURS, type Urgency } from '../../../domain/desk.ts';
import { formatTime } from './format.ts';

export function StatusChip({ status, label }: { status: string; label: string }) {
  return (
    <span className={`ys-sd__status ys-sd__status--${status}`} data-status={status}>
      {label}
    </span>
  );
}

/** The promised first response: due time, or overdue while nobody has answered yet. */
export function SlaLine({ urgency, deadline, answered }: { urgency: Urgency; deadline: string; answered: boolean }) {
  const { t } = useTranslation('desk');
  const late = !answered && new Date(deadline).getTime() < Date.now();
  if (answered) return <span data-testid="sla">{`${t('fields.sla')}：${t('workorder.sla_met')}`}</span>;
  return (
    <span data-testid="sla" className={late ? 'ys-sd__sla--late' : undefined}>
      {late ? t('workorder.sla_overdue', { time: formatTime(deadline) }) : t('workorder.sla', { hours: SLA_HOURS[urgency], time: formatTime(deadline) })}
    </span>
  );
}

export function Loading() {
  return (
    <div className="ys-sd__center" role="status">
      <DotLoading color="primary" />
    </div>
  );
}

export function Nothing({ text }: { text: string }) {
  return <Empty description={text} />;
}
