// Links between the alarm and monitoring routes (the seed's child routes), scrollable on a phone.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

const TABS: [string, string][] = [
  ['monitorAlarm', '/monitorAlarm'],
  ['pass-monitor_alerMessage', '/pass-monitor/alerMessage'],
  ['pass-monitor_alert-history', '/pass-monitor/alert-history'],
  ['pass-monitor_monitor', '/pass-monitor/monitor'],
  ['pass-monitor_alerRules', '/pass-monitor/alerRules'],
  ['monitorAlarm_alarmNorenew', '/monitorAlarm/alarmNorenew'],
  ['monitorAlarm_alarmRenew', '/monitorAlarm/alarmRenew'],
];

export function AlarmTabs({ current }: { current: string }) {
  const { t } = useTranslation('alarms');
  return (
    <nav className="ys-al-tabs" aria-label={t('tabs.label')}>
      {TABS.map(([name, path]) => (
        <Link key={name} to={path} aria-current={current === name || (current === 'pass-monitor' && name === 'pass-monitor_monitor') ? 'page' : undefined}>
          {t(`tabs.${name}`)}
        </Link>
      ))}
    </nav>
  );
}
