// The alarm routes (pages.ts): monitorAlarm — the on-call home and the inbox (the phone's 告警 tab),
// pass-monitor_alerMessage (open alarms), pass-monitor_alert-history (every alarm, resolved first
// shown). `?alarm=<id>` opens one alarm (the deep link of every notification); `&action=acknowledge`
// asks to acknowledge it.
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Inbox } from './inbox.tsx';
import { OncallHome } from './oncall-home.tsx';
import { AlarmTabs } from './alarm-tabs.tsx';
import { loadNamespace } from '../../lib/i18n.ts';
import { SpinLoading } from '../../ui/light/spin-loading.tsx';
import './alarms.css';

// The detail (its chart, actions and sheets) loads when an alarm is opened, with the kinds' and resources'
// texts (a resource's actions and states): the lists' first screen stays light (issue 28).
const AlarmDetailView = lazy(() =>
  Promise.all([import('./alarm-detail.tsx'), loadNamespace('kinds'), loadNamespace('resources')]).then(([m]) => ({ default: m.AlarmDetailView })),
);

export default function AlarmsPage() {
  const { t } = useTranslation('alarms');
  const handle = usePageHandle();
  const name = handle?.name ?? 'monitorAlarm';
  const [search, setSearch] = useSearchParams();
  const alarmId = search.get('alarm');
  const tenant = search.get('tenant');
  const project = search.get('project');
  // A notification's link names the alarm's tenant and project; a tap in a list stays in the working scope.
  const linkScope = tenant && /^[0-9a-f]{32}$/.test(tenant) ? { tenant, project: project && /^[0-9a-f]{32}$/.test(project) ? project : null } : undefined;
  const open = (id: string) => setSearch({ alarm: id });
  const close = () => setSearch({});
  return (
    <PageFrame name={name} className="ys-al-page">
      {alarmId ? (
        <Suspense
          fallback={
            <div className="ys-al-detail-wait" aria-busy="true">
              <SpinLoading color="primary" />
            </div>
          }
        >
          <AlarmDetailView key={alarmId} id={alarmId} autoAck={search.get('action') === 'acknowledge'} onClose={close} scope={linkScope} />
        </Suspense>
      ) : (
        <>
          <AlarmTabs current={name} />
          {name === 'monitorAlarm' ? (
            <>
              <h1 className="ys-al-title">{t('home.title')}</h1>
              <div className="ys-al-split">
                <OncallHome onOpen={open} />
                <Inbox initialState="" onOpen={open} />
              </div>
            </>
          ) : (
            <>
              <h1 className="ys-al-title">{t(`titles.${name}`)}</h1>
              <Inbox initialState={name === 'pass-monitor_alert-history' ? 'resolved' : 'firing'} onOpen={open} />
            </>
          )}
        </>
      )}
    </PageFrame>
  );
}
