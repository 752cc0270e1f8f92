// The console home's 待办事项 (requests waiting for the caller's decision, work orders waiting for
// the caller's confirmation) and 最新公告 (the portal's latest announcements), seed 001 §1.
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { allowedMenuUrls } from '../../../domain/navigation/menu-urls.ts';
import { formatDateTime } from '../../../domain/time-format.ts';
import { get, getList } from '../../lib/request.ts';
import { menuListAtom, projectAtom, tenantAtom } from '../../lib/store.ts';
import { consoleHomeKeys } from './query-keys.ts';
import { HOME_NOTICES, todoCountText, todoItems, type TodoDef } from './home-todos.ts';

const quiet = { isNeedloading: false, notice: false } as const;
const COUNTERS: Record<TodoDef['key'], () => Promise<number>> = {
  approvals: () => get<{ count: number }>('v1/approvals', { scope: 'mine', status: 'pending', __limit: 1 }, quiet).then((r) => r.count),
  workorders: () => getList<{ count: number }>('v1/workorders', { status: 'to_confirm', __limit: 1 }, quiet).then((r) => r.count),
};

interface Notice {
  id: string;
  title: string;
  published_at: string;
}

export function HomeTodos() {
  const { t } = useTranslation('home');
  const menus = useAtomValue(menuListAtom);
  const tenant = useAtomValue(tenantAtom);
  const project = useAtomValue(projectAtom);
  const allowed = allowedMenuUrls(menus);
  const defs = todoItems(allowed, {});
  const counts = useQueries({
    queries: defs.map((d) => ({
      queryKey: consoleHomeKeys.todo(tenant?.id, project?.id, d.key),
      enabled: Boolean(tenant),
      queryFn: COUNTERS[d.key],
    })),
  });
  const items = todoItems(allowed, Object.fromEntries(defs.map((d, i) => [d.key, counts[i]!.isError ? null : counts[i]!.data])));
  const notices = useQuery({
    queryKey: consoleHomeKeys.notices(),
    queryFn: () => get<{ data: Notice[] }>('v1/portal/articles', { kind: 'announcement', __limit: HOME_NOTICES }, quiet).then((r) => r.data),
  });
  return (
    <>
      {items.length ? (
        <section className="ys-ch__section" aria-labelledby="ch-todo" data-testid="home-todos">
          <h2 id="ch-todo" className="ys-ch__title">
            {t('todo.title')}
          </h2>
          <div className="ys-ch__counts">
            {items.map((it) => (
              <Link key={it.key} to={it.path} className="ys-ch__count" data-todo={it.key}>
                <span className="ys-ch__count-label">{t(`todo.${it.key}`)}</span>
                <span className="ys-ch__count-value">{todoCountText(it.count)}</span>
              </Link>
            ))}
          </div>
        </section>
      ) : null}
      <section className="ys-ch__section" aria-labelledby="ch-notice" data-testid="home-notices">
        <h2 id="ch-notice" className="ys-ch__title">
          {t('notices.title')}
        </h2>
        {notices.isPending ? (
          <p className="ys-ch__empty">{t('notices.loading')}</p>
        ) : notices.isError || !notices.data.length ? (
          <p className="ys-ch__empty">{t('notices.empty')}</p>
        ) : (
          <ul className="ys-ch__notices">
            {notices.data.map((n) => (
              <li key={n.id}>
                <Link to={`/serviceAnnouncementDetail/${n.id}`} className="ys-ch__notice">
                  <span className="ys-ch__notice-title">{n.title}</span>
                  <time className="ys-ch__notice-time" dateTime={n.published_at}>
                    {formatDateTime(n.published_at).slice(0, 10)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link to="/serviceAnnouncement" className="ys-ch__notice-more">
          {t('notices.more')}
        </Link>
      </section>
    </>
  );
}
