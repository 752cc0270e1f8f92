// Console home (/homeOperation) and resource overview (/cloudResourceGeneral): greeting with the
// nickname, the working tenant and project, resource counts per kind, the home's to-dos and latest
// notices (home-todos.tsx) and shortcuts to the menus.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { menuTarget } from '../../../domain/navigation/rules.ts';
import { tenantLabel } from '../../../domain/session.ts';
import { ROUTE_TABLE } from '../../../domain/navigation/route-table.ts';
import { shanghaiHour } from '../../../domain/time-format.ts';
import { getList } from '../../lib/request.ts';
import { useBreakpoint, usePageHandle } from '../../lib/hooks.ts';
import { menuListAtom, nicknameAtom, projectAtom, tenantAtom, territoriesAtom } from '../../lib/store.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { LazyMenuIcon } from '../../ui/menu-icon-lazy.tsx';
import { ScopePicker } from '../../ui/shell/scope-picker.tsx';
import './console-home.css';
import { consoleHomeKeys } from './query-keys.ts';
import { HomeTodos } from './home-todos.tsx';
import { IndustryRules } from './industry-rules.tsx';
import { COUNTED } from './counted-kinds.ts';

/** Shortcuts a phone shows before 「全部功能」. */
const PHONE_SHORTCUTS = 12;

function greetingKey(hour: number): string {
  if (hour < 6) return 'greeting.night';
  if (hour < 12) return 'greeting.morning';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}

export default function ConsoleHomePage() {
  const handle = usePageHandle();
  const { t } = useTranslation('home');
  const bp = useBreakpoint();
  const nickname = useAtomValue(nicknameAtom);
  const tenant = useAtomValue(tenantAtom);
  const project = useAtomValue(projectAtom);
  const territories = useAtomValue(territoriesAtom);
  const menus = useAtomValue(menuListAtom);
  const territory = territories?.find((x) => x.tenant_id === tenant?.id);
  const [showAll, setShowAll] = useState(false);

  const counts = useQueries({
    queries: [{ kind: '' }, ...COUNTED].map((c) => ({
      queryKey: consoleHomeKeys.resourceCount(tenant?.id, project?.id, c.kind),
      enabled: Boolean(tenant),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getList<{ count: number }>('v1/resources', { __limit: 1, kind: c.kind || undefined }, { isNeedloading: false, signal }).then((r) => r.count),
    })),
  });
  const total = counts[0];

  const shortcuts = useMemo(() => menus.flatMap((g) => g.menus.map((m) => ({ ...m, group: g.name }))).filter((m) => m.menuUrl !== '/homeOperation'), [menus]);

  const name = handle?.name ?? 'homeOperation';
  return (
    <PageFrame name={name} className="ys-ch">
      <section className="ys-ch__hello">
        <div className="ys-ch__hello-text">
          <p className="ys-ch__greet">{t(greetingKey(shanghaiHour()))}</p>
          <h1 className="ys-ch__name" data-testid="user-nickname">
            {nickname ?? ''}
          </h1>
          <p className="ys-ch__sub">{name === 'cloudResourceGeneral' ? t('sub_resources') : t('sub_home')}</p>
        </div>
        <div className="ys-ch__scope">
          {bp === 'phone' ? (
            <ScopePicker layout="column" />
          ) : (
            <dl className="ys-ch__scope-list">
              <div>
                <dt>{t('tenant')}</dt>
                <dd>{territory ? tenantLabel(territory.tenant_name, territory.chinese_name_abbreviation) : (tenant?.name ?? t('none'))}</dd>
              </div>
              <div>
                <dt>{t('project')}</dt>
                <dd>{project?.name ?? t('none')}</dd>
              </div>
              {territory?.business_type ? (
                <div>
                  <dt>{t('business_type')}</dt>
                  <dd>{territory.business_type}</dd>
                </div>
              ) : null}
            </dl>
          )}
        </div>
      </section>

      <section className="ys-ch__section" aria-labelledby="ch-res">
        <div className="ys-ch__head">
          <h2 id="ch-res" className="ys-ch__title">
            {t('resources')}
          </h2>
          <span className="ys-ch__total" data-testid="resource-total">
            {t('total', { count: total?.data ?? 0 })}
          </span>
        </div>
        <div className="ys-ch__counts">
          {COUNTED.map((c, i) => {
            const q = counts[i + 1]!;
            // The link is the kind's own list (快照 → /snapshots/ecsSnapshot, as the menu), the label the area's name.
            const route = ROUTE_TABLE.find((r) => r.name === c.list)!;
            return (
              <Link key={c.kind} to={route.path} className="ys-ch__count" data-kind={c.kind}>
                <span className="ys-ch__count-label">{t(`routes:${c.route}`)}</span>
                <span className="ys-ch__count-value">{q.isPending && tenant ? '…' : q.isError ? '-' : String(q.data ?? 0)}</span>
              </Link>
            );
          })}
        </div>
      </section>

      {name === 'homeOperation' ? <HomeTodos /> : null}
      {name === 'homeOperation' ? <IndustryRules businessType={territory?.business_type} /> : null}

      <section className="ys-ch__section" aria-labelledby="ch-short">
        <h2 id="ch-short" className="ys-ch__title">
          {t('shortcuts')}
        </h2>
        {shortcuts.length === 0 ? (
          <p className="ys-ch__empty">{t('no_menus')}</p>
        ) : (
          <div className="ys-ch__grid">
            {(showAll || shortcuts.length <= PHONE_SHORTCUTS || bp !== 'phone' ? shortcuts : shortcuts.slice(0, PHONE_SHORTCUTS - 1)).map((m) => (
              <Link key={`${m.group}-${m.code}`} to={menuTarget(m.menuUrl)} className="ys-ch__shortcut" data-menu-url={m.menuUrl}>
                <LazyMenuIcon name={m.icon} code={m.code} className="ys-ch__shortcut-icon" alone={bp === 'phone'} />
                <span className="ys-ch__shortcut-name">{m.name}</span>
              </Link>
            ))}
            {bp === 'phone' && shortcuts.length > PHONE_SHORTCUTS ? (
              <button type="button" className="ys-ch__shortcut ys-ch__more" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
                <span className="ys-ch__more-dots" aria-hidden="true">
                  ···
                </span>
                <span className="ys-ch__shortcut-name">{showAll ? t('less') : t('all')}</span>
              </button>
            ) : null}
          </div>
        )}
      </section>
    </PageFrame>
  );
}
