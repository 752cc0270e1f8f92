// DR tasks by product (ADR 0074): disasterTask/:engine lists the project's tasks of one product
// (MySQL, Oracle, MongoDB, PostgreSQL, Redis, NAS) with a product switcher, disasterTask/:engine/add
// makes one (the DR task service's checks; its refusals shown under the field they concern) and
// disasterTask/:engine/detail/:id shows one with links to both ends. Switchover, stop and delete ask
// first; a task that is initializing or syncing cannot be deleted (the server says so too).
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { BUSY_STATES, DR_ENGINES, DR_ENGINE_TARGET, DR_KIND_DETAIL, type DrEngine, type DrTask } from '../../../domain/dataprotect.ts';
import { kindDetailPath } from '../../../domain/kinds/kind-paths.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { deleteDrTask, drAct, getDrTask, keys, listDrOf } from './api.ts';
import { DrTaskForm } from './dr-task-form.tsx';
import { DangerButton, ListState, PlainButton, ProtectFrame, StateTag, TaskList, useConfirmed, when, type Column } from './parts.tsx';
import { DR_TABS } from './tabs.ts';

const isEngine = (v: string | undefined): v is DrEngine => (DR_ENGINES as readonly string[]).includes(v ?? '');
export const drListPath = (engine: string) => `/disasterTask/${engine}`;
export const drDetailPath = (engine: string, id: string) => `/disasterTask/${engine}/detail/${id}`;
/** The product in a title: NAS rather than 文件存储 NAS (the switcher says it in full). */
const useTitleOf = () => {
  const { t } = useTranslation('protect');
  return (engine: DrEngine | null) => (engine === 'nas' ? 'NAS' : engine ? t(`engine.${engine}`) : '');
};
const poll = (rows: readonly DrTask[] | undefined) => (rows?.some((r) => r.status === 'initializing') ? 2000 : false);

/** The page's product: the path's, or none when the path names another. */
function useEngine(): { page: string; engine: DrEngine | null } {
  const page = usePageHandle()?.name ?? 'disasterTask';
  const param = useParams().engine;
  return { page, engine: isEngine(param) ? param : null };
}

/** Where the way back leads: NAS to the file storage console, the rest to the database console. */
function useBack(engine: DrEngine | null) {
  const { t } = useTranslation('protect');
  return engine === 'nas' ? { to: '/nasManage', label: t('drt.back_nas') } : undefined;
}

/** An end of a task, linked to its resource page. */
function EndLink({ engine, id, name }: { engine: DrEngine; id: string; name: string }) {
  const to = kindDetailPath({ routes: { detail: DR_KIND_DETAIL[DR_ENGINE_TARGET[engine].kind] } }, id);
  return to ? <Link to={to}>{name}</Link> : <>{name}</>;
}

function Switchovers({ r }: { r: DrTask }) {
  const { t } = useTranslation('protect');
  return <>{r.switched_at ? t('drt.switched', { n: r.switchovers, at: when(r.switched_at) }) : t('drt.never_switched')}</>;
}

/** 主备切换 (syncing only), 停止 (initializing or syncing), 删除 (not while busy): each after a confirmation. */
function TaskActions({ r, after }: { r: DrTask; after?: () => void }) {
  const { t } = useTranslation('protect');
  const confirm = useConfirmed();
  const busy = BUSY_STATES.includes(r.status);
  const names = { name: r.name, source: r.source_name, standby: r.standby_name };
  return (
    <>
      {r.status === 'syncing' ? (
        <PlainButton
          label={t('drt.switchover')}
          testid="dr-switchover"
          onClick={() => confirm(t('drt.confirm_switchover', names), () => drAct(r.id, 'switchover'), t('drt.switchover'))}
        />
      ) : null}
      {busy ? (
        <PlainButton label={t('drt.stop')} testid="dr-stop" onClick={() => confirm(t('drt.confirm_stop', names), () => drAct(r.id, 'stop'), t('drt.stop'))} />
      ) : null}
      <DangerButton
        label={t('delete')}
        disabled={busy}
        onClick={() => confirm(t('confirm.task', { name: r.name }), async () => (await deleteDrTask(r.id), after?.()))}
      />
    </>
  );
}

/** The products as links (44 px chips), the current one marked. */
function EngineSwitch({ engine, to }: { engine: DrEngine | null; to: (e: DrEngine) => string }) {
  const { t } = useTranslation('protect');
  return (
    <nav className="ys-protect__engines" aria-label={t('drt.engines')}>
      {DR_ENGINES.map((e) => (
        <Link key={e} to={to(e)} className="ys-protect__engine" aria-current={e === engine ? 'page' : undefined} data-testid={`dr-engine-${e}`}>
          {t(`engine.${e}`)}
        </Link>
      ))}
    </nav>
  );
}

function ListPage() {
  const { t } = useTranslation('protect');
  const navigate = useNavigate();
  const { page, engine } = useEngine();
  const q = useQuery({
    queryKey: keys.drByEngine(engine ?? ''),
    queryFn: () => listDrOf(engine!),
    enabled: !!engine,
    refetchInterval: (x) => poll(x.state.data?.data),
  });
  const rows = q.data?.data ?? [];
  const label = useTitleOf()(engine);
  const back = useBack(engine);
  const add = engine ? (
    <Button color="primary" onClick={() => navigate(`${drListPath(engine)}/add`)} data-testid="dr-add">
      {t('drt.add')}
    </Button>
  ) : null;
  const columns: Column<DrTask>[] = [
    { key: 'name', render: (r) => <Link to={drDetailPath(r.engine, r.id)}>{r.name}</Link> },
    { key: 'status', render: (r) => <StateTag status={r.status} /> },
    { key: 'source_end', render: (r) => <EndLink engine={r.engine} id={r.source_id} name={r.source_name} /> },
    { key: 'standby_end', render: (r) => <EndLink engine={r.engine} id={r.standby_id} name={r.standby_name} /> },
    { key: 'switchovers', render: (r) => <Switchovers r={r} />, wrap: true },
    { key: 'created', render: (r) => when(r.created_at) },
  ];
  return (
    <ProtectFrame
      page={page}
      title={t('drt.title', { engine: label })}
      intro={t(engine === 'nas' ? 'drt.intro_nas' : 'drt.intro')}
      tabs={DR_TABS}
      tab="tasks"
      back={back}
    >
      <EngineSwitch engine={engine} to={drListPath} />
      {engine ? <div className="ys-task__toolbar">{add}</div> : null}
      <ListState
        loading={!!engine && q.isPending}
        failed={q.isError}
        empty={!engine || !rows.length}
        emptyText={engine ? t('drt.empty', { engine: label }) : t('drt.unknown_engine')}
        action={add}
      />
      {rows.length ? <TaskList rows={rows} columns={columns} testid="dr" actions={(r) => <TaskActions r={r} />} /> : null}
    </ProtectFrame>
  );
}

function AddPage() {
  const { t } = useTranslation('protect');
  const navigate = useNavigate();
  const { page, engine } = useEngine();
  const label = useTitleOf()(engine);
  return (
    <ProtectFrame
      page={page}
      title={t('drt.add_title', { engine: label })}
      intro={t(engine === 'nas' ? 'drt.rules_nas' : 'drt.rules')}
      back={{ to: drListPath(engine ?? 'mysql'), label: t('drt.title', { engine: label }) }}
    >
      {engine ? (
        <div className="ys-protect__page-form">
          <DrTaskForm engine={engine} onDone={(task) => navigate(drDetailPath(task.engine, task.id), { replace: true })} />
        </div>
      ) : (
        <ListState loading={false} failed={false} empty emptyText={t('drt.unknown_engine')} />
      )}
    </ProtectFrame>
  );
}

function Detail({ r }: { r: DrTask }) {
  const { t } = useTranslation('protect');
  const rows: [string, ReactNode][] = [
    ['col.status', <StateTag key="s" status={r.status} />],
    ['col.engine', t(`engine.${r.engine}`)],
    ['col.source_end', <EndLink key="a" engine={r.engine} id={r.source_id} name={r.source_name} />],
    ['col.standby_end', <EndLink key="b" engine={r.engine} id={r.standby_id} name={r.standby_name} />],
    ['col.threads', r.threads],
    ['col.switchovers', <Switchovers key="w" r={r} />],
    ['col.created', when(r.created_at)],
    ['col.updated', when(r.updated_at)],
  ];
  return (
    <dl className="ys-protect__dl">
      {rows.map(([k, v]) => (
        <div key={k} className="ys-protect__row">
          <dt>{t(k)}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function DetailPage() {
  const { t } = useTranslation('protect');
  const navigate = useNavigate();
  const { page, engine } = useEngine();
  const id = useParams().id ?? '';
  const q = useQuery({ queryKey: keys.drTask(id), queryFn: () => getDrTask(id), refetchInterval: (x) => poll(x.state.data ? [x.state.data] : undefined) });
  const r = q.data;
  const list = drListPath(r?.engine ?? engine ?? 'mysql');
  const label = useTitleOf()(r?.engine ?? engine ?? 'mysql');
  return (
    <ProtectFrame page={page} title={r?.name ?? t('drt.detail')} back={{ to: list, label: t('drt.title', { engine: label }) }}>
      <ListState loading={q.isPending} failed={false} empty={q.isError} emptyText={t('storage.gone')} />
      {r ? (
        <section className="ys-protect__detail" data-testid="dr-detail">
          <Detail r={r} />
          <div className="ys-protect__actions">
            <TaskActions r={r} after={() => navigate(list, { replace: true })} />
            {r.engine === 'mysql' || r.engine === 'postgre' ? (
              <PlainButton label={t('cmp.add')} testid="dr-compare" onClick={() => navigate(`/disasterComparison/add?task=${r.id}`)} />
            ) : null}
          </div>
        </section>
      ) : null}
    </ProtectFrame>
  );
}

export default function DrTaskPage() {
  const { page } = useEngine();
  if (page === 'disasterTaskAdd') return <AddPage />;
  if (page === 'disasterTaskDetail') return <DetailPage />;
  return <ListPage />;
}
