// The storage console's host-task pages (ADR 0064): 文件传输 (fireTransferManage/Add/Detail),
// 文件迁移 (cloudMoveFile/Add/Detail) and 整机迁移 (cloudMoveInstance/Buy/Detail). They are other views
// on the host tasks of the data-protection pages (the same API, rules and refusals, ADR 0062): a list,
// an add page and a detail page each with its own address, so a link or a refresh lands on it.
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { HOST_TASK_BUSY, type HostTaskType } from '../../../domain/protect.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { deleteHostTask, getHostTask, keys, whileBusy } from './api.ts';
import { HostTaskForm } from './host-task-form.tsx';
import { Detail, HostTasks } from './host-tasks.tsx';
import { DangerButton, ListState, ProtectFrame, useConfirmed, type Tab } from './parts.tsx';

interface Area {
  type: HostTaskType;
  list: string;
  add: string;
  detail: string;
  /** the list's tab key (tabs.*) */
  tab: string;
}
const TRANSFER: Area = { type: 'file_transfer', list: '/fireTransferManage', add: '/fireTransferAdd', detail: '/fireTransferDetail', tab: 'file_transfer' };
const MOVE_FILE: Area = { type: 'file_move', list: '/cloudMoveFile', add: '/cloudMoveFileAdd', detail: '/cloudMoveFileDetail', tab: 'file_move' };
const MOVE_HOST: Area = { type: 'whole_copy', list: '/cloudMoveInstance', add: '/cloudMoveInstanceBuy', detail: '/cloudMoveInstanceDetail', tab: 'move_host' };
const AREAS: Readonly<Record<string, Area>> = {
  fireTransferManage: TRANSFER,
  fireTransferAdd: TRANSFER,
  fireTransferDetail: TRANSFER,
  cloudMoveFile: MOVE_FILE,
  cloudMoveFileAdd: MOVE_FILE,
  cloudMoveFileDetail: MOVE_FILE,
  cloudMoveInstance: MOVE_HOST,
  cloudMoveInstanceBuy: MOVE_HOST,
  cloudMoveInstanceDetail: MOVE_HOST,
};
/** 云迁移's two lists side by side; 文件传输 stands alone. */
const MOVE_TABS: readonly Tab[] = [
  { key: 'file_move', to: MOVE_FILE.list },
  { key: 'move_host', to: MOVE_HOST.list },
];

function useArea(): { page: string; area: Area } {
  const page = usePageHandle()?.name ?? 'fireTransferManage';
  return { page, area: AREAS[page] ?? TRANSFER };
}

function useBack() {
  const { t } = useTranslation('protect');
  return { to: '/volumeManage', label: t('back_storage') };
}

function ListPage() {
  const { t } = useTranslation('protect');
  const { page, area } = useArea();
  const back = useBack();
  return (
    <ProtectFrame
      page={page}
      title={t(`storage.title.${area.type}`)}
      intro={t(`storage.intro.${area.type}`)}
      tabs={area === TRANSFER ? undefined : MOVE_TABS}
      tab={area.tab}
      back={back}
    >
      <HostTasks type={area.type} links={{ add: area.add, addLabel: t(`storage.add.${area.type}`), detail: (id) => `${area.detail}/${id}` }} />
    </ProtectFrame>
  );
}

function AddPage() {
  const { t } = useTranslation('protect');
  const { page, area } = useArea();
  const navigate = useNavigate();
  return (
    <ProtectFrame
      page={page}
      title={t(`add.${area.type}`)}
      intro={t(`storage.intro.${area.type}`)}
      back={{ to: area.list, label: t(`storage.title.${area.type}`) }}
    >
      <div className="ys-protect__page-form">
        <HostTaskForm type={area.type} onDone={(task) => navigate(`${area.detail}/${task.id}`, { replace: true })} />
      </div>
    </ProtectFrame>
  );
}

function DetailPage() {
  const { t } = useTranslation('protect');
  const { page, area } = useArea();
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const confirm = useConfirmed();
  const q = useQuery({
    queryKey: keys.hostTask(id),
    queryFn: () => getHostTask(id),
    refetchInterval: (query) => whileBusy(query.state.data ? [query.state.data] : undefined),
  });
  const r = q.data && q.data.type === area.type ? q.data : undefined;
  return (
    <ProtectFrame page={page} title={r?.name ?? t(`storage.title.${area.type}`)} back={{ to: area.list, label: t(`storage.title.${area.type}`) }}>
      <ListState loading={q.isPending} failed={false} empty={q.isError || (!!q.data && !r)} emptyText={t('storage.gone')} />
      {r ? (
        <section className="ys-protect__detail" data-testid="task-detail">
          <Detail r={r} />
          <div className="ys-protect__actions">
            <DangerButton
              label={t('delete')}
              disabled={HOST_TASK_BUSY.includes(r.status)}
              onClick={() => confirm(t('confirm.task', { name: r.name }), async () => (await deleteHostTask(r.id), navigate(area.list, { replace: true })))}
            />
          </div>
        </section>
      ) : null}
    </ProtectFrame>
  );
}

export default function StorageTaskPage() {
  const { page } = useArea();
  if (page.endsWith('Detail')) return <DetailPage />;
  if (page.endsWith('Add') || page.endsWith('Buy')) return <AddPage />;
  return <ListPage />;
}
