// The detail page of any kind: title bar (back, status badge, suffix, 更多操作 and action
// buttons), tabs (基本信息 with the kind's fields, related resources, tags, monitoring), live
// status over SSE; every viewed resource goes into the offline store and the page renders from
// it when the network is gone.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, NoticeBar, Tag } from 'antd-mobile';
import { LeftOutline, DownOutline } from 'antd-mobile-icons';
import { backAction } from '../../../../domain/navigation/rules.ts';
import { useBreakpoint, usePageHandle } from '../../../lib/hooks.ts';
import { RequestError } from '../../../lib/request.ts';
import { withNamespaces } from '../../../lib/i18n.ts';
import { loadTitleTexts } from '../../../lib/kind-texts.ts';
import { offlineDataSavedAtAtom, store } from '../../../lib/store.ts';
import { readRecentResource, rememberResource } from '../../../offline/snapshots.ts';
import { getResource } from '../api.ts';
import { actionBlock, actionLabel, detailPath, displayValue, fieldLabel, listPath, menuActions, repeatsRefName, type Resource } from '../kind-meta.ts';
import { refLink } from '../ref-link.ts';
import { useActionRunner } from '../actions.tsx';
import { CopyId, StatusBadge, usePlaceNames } from '../parts.tsx';
import { DetailTabBody, detailTabsFor } from '../../../ui/detail-tabs.tsx';
import { kindDetailTabs } from '../kind-folders.ts';
import { settlePoll } from '../live.ts';
import { listKindOf, type ListKind } from '../../../../domain/kinds/list-kind.ts';
import { Tabs } from '../../../ui/light/tabs.tsx';
import { resourceKeys } from '../query-keys.ts';

/** How many action buttons the title bar shows before 更多操作. */
export const TITLE_BUTTONS = 2;

// Off the first screen (issue 28): the tag editor (its rules bring zod and the kinds' definitions)
// comes with the tags tab, the chart library with the monitor tab, the kit's popover (and its
// positioning library) with the first tap on 更多操作.
// The tag editor's own texts (and its rules' refusals) load with it.
const TagPanel = lazy(() => withNamespaces(['ops', 'errors'], import('../forms/tag-editor.tsx')).then((m) => ({ default: m.TagPanel })));
const MetricPanel = lazy(() => import('./metric-chart.tsx').then((m) => ({ default: m.MetricPanel })));
const MoreMenu = lazy(() => import('./more-menu.tsx'));

async function loadDetail(def: ListKind, id: string): Promise<Resource & { offline?: boolean }> {
  try {
    const row = await getResource(def, id);
    // Offline copy of the last 200 viewed resources (ARCHITECTURE.md "Offline").
    void rememberResource({ id: row.id, kind: def.kind, route: def.routes.detail ?? def.routes.list, title: row.name, data: row }).catch(() => undefined);
    return row;
  } catch (err) {
    const noAnswer = !(err instanceof RequestError) || err.status === 0 || (typeof navigator !== 'undefined' && !navigator.onLine);
    if (!noAnswer) throw err;
    const saved = await readRecentResource(id);
    if (!saved) throw err;
    store.set(offlineDataSavedAtAtom, saved.viewedAt);
    return { ...(saved.data as Resource), offline: true };
  }
}

function Relations({ def, row }: { def: ListKind; row: Resource }) {
  const { t } = useTranslation();
  const rel = row.relations ?? [];
  return (
    <div className="ys-relations" data-testid="relations">
      {def.relations.map((r) => {
        const target = listKindOf(r.kind);
        const items = rel.filter((x) => x.relation === r.relation && x.direction === r.direction && x.kind === r.kind);
        return (
          <section key={`${r.relation}-${r.kind}`} className="ys-relations__group">
            {/* A kind may name a relation its own way (a shared disk's 已授权主机 and 已挂载主机 are both hosts). */}
            <h3 className="ys-relations__title">
              {target ? t(`kinds:${def.kind}.relations.${r.relation}`, { defaultValue: t(`kinds:${target.kind}.name`) }) : r.kind}
            </h3>
            {items.length ? (
              items.map((x) => {
                const to = target ? detailPath(target, x.id) : undefined;
                return (
                  <div key={x.id} className="ys-relations__item">
                    {to ? <Link to={to}>{x.name}</Link> : <span>{x.name}</span>}
                    <StatusBadge def={target} status={x.status} />
                  </div>
                );
              })
            ) : (
              <div className="ys-muted">{t('resources:detail.no_relations')}</div>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** A certificate close to or past its expiry says so above its details (seed 001 §9 expiry warnings). */
function ExpiryNotice({ def, row }: { def: ListKind; row: Resource }) {
  const { t } = useTranslation();
  const days = row.spec?.days_left;
  if (typeof days !== 'number' || !['pending_renewal', 'expired'].includes(row.status)) return null;
  const text = row.status === 'expired' ? t(`kinds:${def.kind}.expiry.expired`) : t(`kinds:${def.kind}.expiry.warning`, { count: Math.max(0, days) });
  return <NoticeBar className="ys-detail__notice" content={text} color={row.status === 'expired' ? 'error' : 'alert'} data-testid="expiry-notice" />;
}

/** A field's value: the status badge, a link to what a ref points at, or the formatted text. */
function FieldValue({ def, row, field, text, link }: { def: ListKind; row: Resource; field: string; text: string; link?: string }) {
  if (field === 'status') return <StatusBadge def={def} status={row.status} />;
  return link && text !== '-' ? <Link to={link}>{text}</Link> : <>{text}</>;
}

/** 基本信息: every field labelled; the id only behind a copy button (never 32 hex digits on screen). */
function BasicInfo({ def, row }: { def: ListKind; row: Resource }) {
  const { t } = useTranslation();
  const places = usePlaceNames();
  return (
    <dl className="ys-fields" data-testid="basic-info">
      {def.fields.map((f) => {
        if (repeatsRefName(def, f.key)) return null;
        const text = displayValue(t, def, row, f.key, places);
        const link = refLink(def, row, f.key);
        return (
          <div key={f.key} className="ys-fields__row">
            <dt>{fieldLabel(t, def, f.key)}</dt>
            <dd>
              {f.key === 'id' ? (
                <CopyId id={row.id} shown={t('resources:table.copy')} label={t('resources:table.copy_id')} />
              ) : (
                <FieldValue def={def} row={row} field={f.key} text={text} link={link} />
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** 更多操作: a plain button until its first tap, then the kit's popover menu, open. */
function MoreActions({ actions }: { actions: { key: string; text: string; onClick: () => void }[] }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button size="small" data-testid="more-actions" onClick={() => setWanted(true)}>
      {t('resources:detail.more_actions')}
      <DownOutline fontSize={10} />
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <MoreMenu actions={actions}>{button}</MoreMenu>
    </Suspense>
  );
}

export function ResourceDetail({ def, id, tab, embedded }: { def: ListKind; id: string; tab?: string; embedded?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const handle = usePageHandle();
  const bp = useBreakpoint();
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, id), queryFn: () => loadDetail(def, id), staleTime: 5_000, refetchInterval: settlePoll });
  const runner = useActionRunner(def);
  const [active, setActive] = useState(tab ?? 'basic');
  useEffect(() => {
    if (tab) setActive(tab);
  }, [tab]);
  // The tabs other folders add (backup, DNS records, accounts…) bring their titles' texts: a detail
  // route loads only its kinds' slices (ADR 0072's second addendum). Drawn again once they are in.
  const extraTabs = [...detailTabsFor(def.kind), ...kindDetailTabs(def.kind)];
  const titleKeys = extraTabs.map((x) => x.titleKey).join(' ');
  const [, setTitlesIn] = useState(0);
  useEffect(() => {
    if (titleKeys) void loadTitleTexts(titleKeys.split(' ')).then(() => setTitlesIn((n) => n + 1));
  }, [titleKeys]);
  const row = q.data;

  if (q.isError) {
    return (
      <div className="ys-detail ys-detail--missing" data-testid="detail-missing">
        <p>{t('resources:detail.missing')}</p>
        <Link to={listPath(def) ?? '/console'}>{t('resources:detail.back_list')}</Link>
      </div>
    );
  }
  if (!row) return <div className="ys-detail ys-empty">{t('resources:common.loading')}</div>;
  const removed = row.status === 'removed';
  const allowed = removed || row.offline ? [] : menuActions(def).filter((a) => actionBlock(def, a, row) === null);
  const buttons = allowed.slice(0, TITLE_BUTTONS);
  const more = allowed.slice(TITLE_BUTTONS);
  const goBack = () => {
    const action = backAction(handle?.meta ?? {}, location.key !== 'default');
    if (action.kind === 'history') navigate(-1);
    else navigate(action.to);
  };

  return (
    <div className={`ys-detail${embedded ? ' is-embedded' : ''}`} data-kind={def.kind} data-id={row.id}>
      <header className="ys-titlebar">
        {!embedded && bp !== 'phone' ? (
          <button type="button" className="ys-iconbtn" aria-label={t('shell:nav.back')} data-testid="detail-back" onClick={goBack}>
            <LeftOutline fontSize={18} />
          </button>
        ) : null}
        <h1 className="ys-titlebar__name" data-testid="detail-name">
          {row.name}
        </h1>
        <StatusBadge def={def} status={removed ? 'deleted' : row.status} />
        <span className="ys-titlebar__suffix">
          {row.locked ? (
            <Tag color="warning" fill="outline">
              {t('kinds:common.locked')}
            </Tag>
          ) : null}
          {row.offline ? (
            <Tag color="default" fill="outline" data-testid="offline-copy">
              {t('resources:detail.offline_copy')}
            </Tag>
          ) : null}
        </span>
        <span className="ys-titlebar__actions">
          {buttons.map((a) => (
            <Button
              key={a.id}
              size="small"
              color={a.dialog === 'delete' ? 'danger' : 'primary'}
              fill="outline"
              data-action={a.id}
              onClick={() => runner.run(a, [row])}
            >
              {actionLabel(t, def, a.id)}
            </Button>
          ))}
          {more.length ? (
            <MoreActions actions={more.map((a) => ({ key: a.id, text: actionLabel(t, def, a.id), onClick: () => runner.run(a, [row]) }))} />
          ) : null}
          {!allowed.length && !removed ? <span className="ys-muted ys-titlebar__none">{t('kinds:messages.no_actions')}</span> : null}
        </span>
      </header>
      <ExpiryNotice def={def} row={row} />
      <Tabs activeKey={active} onChange={setActive} className="ys-detail__tabs">
        <Tabs.Tab title={t('resources:detail.basic')} key="basic">
          <BasicInfo def={def} row={row} />
        </Tabs.Tab>
        {def.relations.length ? (
          <Tabs.Tab title={t('resources:detail.relations')} key="relations">
            <Relations def={def} row={row} />
          </Tabs.Tab>
        ) : null}
        <Tabs.Tab title={t('resources:detail.tags')} key="tags">
          {row.offline ? null : (
            <Suspense fallback={<div className="ys-empty">{t('resources:common.loading')}</div>}>
              <TagPanel kind={def.kind} id={row.id} />
            </Suspense>
          )}
        </Tabs.Tab>
        <Tabs.Tab title={t('resources:detail.monitor')} key="monitor">
          {active === 'monitor' && !row.offline ? (
            <Suspense fallback={<div className="ys-empty">{t('resources:common.loading')}</div>}>
              <MetricPanel def={def} id={row.id} />
            </Suspense>
          ) : null}
        </Tabs.Tab>
        {extraTabs.map((x) => (
          <Tabs.Tab title={t(x.titleKey)} key={x.key}>
            {active === x.key && !row.offline ? <DetailTabBody tab={x} kind={def.kind} id={row.id} vendor={row.vendor} status={row.status} /> : null}
          </Tabs.Tab>
        ))}
      </Tabs>
      {runner.element}
    </div>
  );
}
