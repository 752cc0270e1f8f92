// visualResourceManage: the project's resource stacks as cards — status, template, how many of its
// resources are ready, when it was deployed — refreshed while any is still being worked on.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { TaskListState } from '../../ui/task-frame.tsx';
import { STACK_BUSY } from '../../../domain/stacks.ts';
import { listStacks, type Stack } from './api.ts';
import { stackKeys } from './query-keys.ts';
import { PATHS, Rows, StacksFrame, StatusTag, when } from './stacks-parts.tsx';

const done = (s: Stack) => s.resources.filter((r) => r.state === 'ready' || r.state === 'connected').length;

export default function StackListPage() {
  const { t } = useTranslation('stacks');
  const q = useQuery({
    queryKey: stackKeys.stacks(),
    queryFn: listStacks,
    refetchInterval: (query) => (query.state.data?.data.some((s) => STACK_BUSY.includes(s.status)) ? 2000 : false),
  });
  const rows = q.data?.data ?? [];
  return (
    <StacksFrame page="visualResourceManage" title={t('title.stacks')} tab="stacks" intro={t('intro.stacks')}>
      <TaskListState
        loading={q.isPending}
        failed={q.isError}
        empty={rows.length === 0}
        loadingText={t('stacks.loading')}
        failedText={t('stacks.failed')}
        emptyText={t('stacks.empty')}
      />
      {rows.length ? (
        <ul className="ys-stacks__cards">
          {rows.map((s) => (
            <li key={s.id} className="ys-stacks__card" data-testid="stack-card">
              <div className="ys-stacks__cardhead">
                <Link to={PATHS.stack(s.id)} className="ys-stacks__name">
                  {s.name}
                </Link>
                <StatusTag status={s.status} />
              </div>
              <Rows
                rows={[
                  [t('stacks.template'), s.template_name],
                  [t('stacks.resources'), t('stacks.progress', { done: done(s), count: s.resources.length })],
                  [t('stacks.created_at'), when(s.created_at)],
                ]}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </StacksFrame>
  );
}
