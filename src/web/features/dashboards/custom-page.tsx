// cloudCustom: the user's own overview — the panels they keep on, in the order they arranged on
// customLayout (saved on the server per user), each drawn from the scope's real figures.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TaskListState } from '../../ui/task-frame.tsx';
import { getLayout, getSummary } from './api.ts';
import { PanelView } from './panels.tsx';
import { DashFrame, PATHS, useScopeKey } from './parts.tsx';
import { dashboardKeys } from './query-keys.ts';

export default function CustomPage() {
  const { t } = useTranslation('dashboards');
  const scope = useScopeKey();
  const layout = useQuery({ queryKey: dashboardKeys.layout(scope), queryFn: getLayout, enabled: Boolean(scope[0]) });
  const summary = useQuery({ queryKey: dashboardKeys.summary(scope), queryFn: () => getSummary(), enabled: Boolean(scope[0]) });
  const panels = layout.data?.panels.filter((p) => p.on) ?? [];
  const toolbar = (
    <>
      <Link to={PATHS.layout} className="ys-dash__btn" data-testid="edit-layout">
        {t('edit_layout')}
      </Link>
      <Link to={PATHS.report} className="ys-dash__btn ys-dash__btn--ghost">
        {t('tabs.report')}
      </Link>
    </>
  );
  return (
    <DashFrame page="cloudCustom" title={t('routes:cloudCustom')} tab="custom" toolbar={toolbar}>
      <TaskListState
        loading={layout.isPending || summary.isPending}
        failed={layout.isError || summary.isError}
        empty={false}
        emptyText=""
        loadingText={t('loading')}
        failedText={t('failed')}
      />
      {layout.data && summary.data ? (
        <div className="ys-dash__grid">
          {panels.map((p) => (
            <PanelView key={p.key} panel={p} s={summary.data} />
          ))}
        </div>
      ) : null}
    </DashFrame>
  );
}
