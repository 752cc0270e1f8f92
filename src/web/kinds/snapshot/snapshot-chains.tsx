// Snapshot chains (ADR 0064): a cloud disk's snapshots in the order they were taken. The list shows
// every disk of the project that has snapshots; a chain's page (the disk's id in the address) shows
// the disk, its chain oldest first, and what can be done there: take a snapshot, expand the disk (at
// least VOLUME_MIN_EXPAND_GB, the kind's own guard), unmount it, roll it back to one of its snapshots
// — which the server refuses in words while the disk is mounted — and delete a snapshot.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Toast } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { listKindOf, type ListKind } from '../../../domain/kinds/list-kind.ts';
import { VOLUME_MIN_EXPAND_GB } from '../../../domain/kinds/volume/volume.kind.ts';
import { getResource, listResources, runAction } from '../../features/resources/api.ts';
import { useActionRunner } from '../../features/resources/actions.tsx';
import { formatDateTime } from '../../../domain/time-format.ts';
import { actionLabel, routePath, type Resource } from '../../features/resources/kind-meta.ts';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { StatusBadge } from '../../features/resources/parts.tsx';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import './snapshot.css';

const TABS = [
  { key: 'snapshot', route: 'volumeSnapshot_snapshot' },
  { key: 'chain', route: 'volumeSnapshot_snapshotChain' },
  { key: 'group', route: 'volumeSnapshot_snapshotGroup' },
] as const;
const chainPath = (id: string) => routePath('volumeSnapshotChainDetail', { id }) ?? '/volumeSnapshot/snapshotChain';
const oldestFirst = (a: Resource, b: Resource) => a.created_at.localeCompare(b.created_at);

/** 快照 · 快照链 · 一致性组: above the snapshot list and the consistency groups, and on the chain pages. */
export function SnapshotTabs() {
  const { t } = useTranslation();
  return (
    <nav className="ys-snapchain__tabs" aria-label={t('kinds:snapshot.chain.tabs_label')}>
      {TABS.map((tab) => (
        <NavLink key={tab.key} to={routePath(tab.route) ?? '/volumeSnapshot'} className="ys-snapchain__tab" end data-testid={`snap-tab-${tab.key}`}>
          {t(`kinds:snapshot.chain.tab_${tab.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}

interface Chain {
  volume: Resource;
  snapshots: Resource[];
}

/** Every disk with snapshots, its chain oldest first; the disks most recently snapshotted first. */
function chainsOf(volumes: Resource[], snapshots: Resource[]): Chain[] {
  const byVolume = new Map<string, Resource[]>();
  for (const s of snapshots) {
    const id = String(s.spec.volume_id ?? '');
    byVolume.set(id, [...(byVolume.get(id) ?? []), s]);
  }
  return volumes
    .filter((v) => byVolume.has(v.id))
    .map((v) => ({ volume: v, snapshots: byVolume.get(v.id)!.sort(oldestFirst) }))
    .sort((a, b) => oldestFirst(b.snapshots.at(-1)!, a.snapshots.at(-1)!));
}

function useChains() {
  const volumeDef = listKindOf('volume')!;
  const snapshotDef = listKindOf('snapshot')!;
  const volumes = useQuery({ queryKey: resourceKeys.list('volume', { chains: true }), queryFn: () => listResources(volumeDef, { __limit: 1000 }) });
  const snapshots = useQuery({ queryKey: resourceKeys.list('snapshot', { chains: true }), queryFn: () => listResources(snapshotDef, { __limit: 1000 }) });
  const chains = volumes.data && snapshots.data ? chainsOf(volumes.data.data, snapshots.data.data) : undefined;
  return { chains, failed: volumes.isError || snapshots.isError, volumeDef };
}

export function ChainListPage() {
  const { t } = useTranslation();
  const { chains, failed, volumeDef } = useChains();
  return (
    <section className="ys-snapchain" data-testid="snapshot-chains">
      <SnapshotTabs />
      <p className="ys-form__notice" role="note">
        {t('kinds:snapshot.chain.list_note')}
      </p>
      {!chains ? (
        <div className="ys-empty">{failed ? t('kinds:snapshot.chain.failed') : t('resources:common.loading')}</div>
      ) : !chains.length ? (
        <div className="ys-empty">{t('kinds:snapshot.chain.empty')}</div>
      ) : (
        <ul className="ys-snapchain__list">
          {chains.map(({ volume, snapshots }) => (
            <li key={volume.id} className="ys-snapchain__item" data-testid="chain-row">
              <Link to={chainPath(volume.id)} className="ys-snapchain__name">
                {volume.name}
              </Link>
              <StatusBadge def={volumeDef} status={volume.status} />
              <span className="ys-snapchain__meta">{t('kinds:snapshot.chain.count', { n: snapshots.length, size: volume.spec.size })}</span>
              <span className="ys-snapchain__meta">
                {t('kinds:snapshot.chain.latest', { name: snapshots.at(-1)!.name, at: formatDateTime(snapshots.at(-1)!.created_at) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 回滚 to one snapshot after the user confirms; the server refuses in words while the disk is mounted. */
function useRollback(volumeDef: ListKind, volume: Resource | undefined, refresh: () => void) {
  const { t } = useTranslation();
  return async (snap: Resource) => {
    if (!volume) return;
    const yes = await Dialog.confirm({
      content: t('kinds:snapshot.chain.rollback_confirm', { disk: volume.name, name: snap.name }),
      confirmText: actionLabel(t, volumeDef, 'rollback'),
      cancelText: t('resources:common.cancel'),
    });
    if (!yes) return;
    try {
      const res = await runAction(volumeDef, volume.id, 'rollback', { snapshot_id: snap.id });
      Toast.show({ content: res.message ?? t('resources:messages.done') });
    } catch {
      // the request helper has shown the server's words (「回滚快照需先卸载云硬盘」)
    } finally {
      refresh();
    }
  };
}

function ChainNodes({ snapshots, onRollback, onDelete }: { snapshots: Resource[]; onRollback: (s: Resource) => void; onDelete: (s: Resource) => void }) {
  const { t } = useTranslation();
  const snapshotDef = listKindOf('snapshot')!;
  return (
    <ol className="ys-snapchain__nodes" data-testid="chain-nodes">
      {snapshots.map((s, i) => (
        <li key={s.id} className="ys-snapchain__node">
          <div className="ys-snapchain__nodehead">
            <strong>{s.name}</strong>
            <StatusBadge def={snapshotDef} status={s.status} />
          </div>
          <div className="ys-snapchain__meta">
            {t('kinds:snapshot.chain.node', { n: i + 1, at: formatDateTime(s.created_at), size: s.spec.size ?? '—' })}
            {s.spec.group_point ? ` · ${t('kinds:snapshot.chain.in_group', { name: s.spec.group_point })}` : ''}
          </div>
          <div className="ys-snapchain__actions">
            <Button size="small" color="primary" fill="outline" disabled={s.status !== 'available'} onClick={() => onRollback(s)} data-testid="chain-rollback">
              {t('kinds:snapshot.chain.rollback_here')}
            </Button>
            <Button size="small" color="danger" fill="outline" disabled={s.status !== 'available'} onClick={() => onDelete(s)}>
              {actionLabel(t, snapshotDef, 'delete')}
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function ChainDetailPage({ id }: KindPageProps<true>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const volumeDef = listKindOf('volume')!;
  const snapshotDef = listKindOf('snapshot')!;
  const volume = useQuery({
    queryKey: resourceKeys.detail('volume', id),
    queryFn: () => getResource(volumeDef, id),
    refetchInterval: (q) => (q.state.data?.in_between ? 2000 : false),
  });
  const snaps = useQuery({
    queryKey: resourceKeys.list('snapshot', { volume_id: id }),
    queryFn: () => listResources(snapshotDef, { volume_id: id, __limit: 1000 }),
    refetchInterval: (q) => (q.state.data?.data.some((s) => s.in_between) ? 2000 : false),
  });
  const refresh = () =>
    void Promise.all([
      client.invalidateQueries({ queryKey: resourceKeys.kind('volume') }),
      client.invalidateQueries({ queryKey: resourceKeys.kind('snapshot') }),
    ]);
  const volumeRunner = useActionRunner(volumeDef, { onChanged: refresh });
  const snapshotRunner = useActionRunner(snapshotDef, { onChanged: refresh });
  const rollback = useRollback(volumeDef, volume.data, refresh);
  const v = volume.data;
  if (!v) return <div className="ys-empty">{volume.isError ? t('kinds:snapshot.chain.gone') : t('resources:common.loading')}</div>;
  const chain = [...(snaps.data?.data ?? [])].sort(oldestFirst);
  const offered = volumeDef.actions.filter((a) => ['snapshot', 'expand', 'unmount'].includes(a.id) && a.allowedFrom.includes(v.status));
  return (
    <section className="ys-snapchain ys-detail" data-testid="snapshot-chain">
      <header className="ys-titlebar">
        <Link className="ys-snapchain__back" to={routePath('volumeSnapshot_snapshotChain') ?? '/volumeSnapshot'} aria-label={t('kinds:snapshot.chain.back')}>
          <LeftOutline />
        </Link>
        <h2 className="ys-titlebar__name">{t('kinds:snapshot.chain.title', { name: v.name })}</h2>
        <StatusBadge def={volumeDef} status={v.status} />
      </header>
      <p className={`ys-form__notice${v.status === 'mounted' ? ' ys-form__notice--orange' : ''}`} role="note" data-testid="chain-note">
        {v.status === 'mounted' ? t('kinds:snapshot.chain.mounted_note') : t('kinds:snapshot.chain.unmounted_note')}{' '}
        {t('kinds:snapshot.chain.expand_note', { min: VOLUME_MIN_EXPAND_GB })}
      </p>
      <div className="ys-snapchain__actions">
        {offered.map((a) => (
          <Button key={a.id} color="primary" fill={a.id === 'snapshot' ? 'solid' : 'outline'} onClick={() => volumeRunner.run(a, [v])} data-action={a.id}>
            {actionLabel(t, volumeDef, a.id)}
          </Button>
        ))}
        <Link to={routePath('volumeDetail', { id: v.id }) ?? '/volumeManage'} className="ys-snapchain__link">
          {t('kinds:snapshot.chain.disk_detail', { size: v.spec.size })}
        </Link>
      </div>
      {chain.length ? (
        <ChainNodes
          snapshots={chain}
          onRollback={(s) => void rollback(s)}
          onDelete={(s) =>
            snapshotRunner.run(
              snapshotDef.actions.find((a) => a.id === 'delete')!,
              [s],
            )
          }
        />
      ) : (
        <div className="ys-empty">{snaps.isPending ? t('resources:common.loading') : t('kinds:snapshot.chain.no_snapshots')}</div>
      )}
      {volumeRunner.element}
      {snapshotRunner.element}
    </section>
  );
}
