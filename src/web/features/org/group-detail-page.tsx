// systemDetail/{id} and resourceGroupDetail/{id}: the group's name, project and description and the
// engine's resources it holds (kind, status and cloud labelled), with resources of its project
// added from a checklist and removed after confirmation.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, CenterPopup, Popup, Toast } from 'antd-mobile';
import { formatDateTime } from '../../../domain/time-format.ts';
import type { GroupType } from '../../../domain/org.ts';
import { useBreakpoint, usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { useCan } from '../../lib/can.ts';
import { addGroupResources, getGroup, groupCandidates, removeGroupResource, useScopeKey, type GroupResource } from './api.ts';
import { Bar, Loading, Nothing, OrgList, confirmDanger, type Column } from './parts.tsx';
import './org.css';
import { orgKeys } from './query-keys.ts';

export default function GroupDetailPage() {
  const { t } = useTranslation(['org', 'kinds']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const bp = useBreakpoint();
  const scopeKey = useScopeKey();
  const { id = '' } = useParams();
  const route = usePageHandle()?.name === 'resourceGroupDetail' ? 'resourceGroupDetail' : 'systemDetail';
  const type: GroupType = route === 'resourceGroupDetail' ? 'resource_group' : 'system';
  const back = type === 'system' ? '/systemManage' : '/resourceGroupManage';
  const editable = useCan()(`update:${type}`);
  const query = useQuery({ queryKey: orgKeys.group(type, id, scopeKey), queryFn: () => getGroup(type, id), retry: false });
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const candidates = useQuery({ queryKey: orgKeys.groupCandidates(type, id), queryFn: () => groupCandidates(type, id), enabled: picking });
  const refresh = () => client.invalidateQueries({ queryKey: orgKeys.all() });
  const add = useMutation({
    mutationFn: () => addGroupResources(type, id, picked),
    onSuccess: async () => {
      Toast.show({ content: t('group.added', { count: picked.length }) });
      setPicking(false);
      setPicked([]);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (r: GroupResource) => removeGroupResource(type, id, r.id),
    onSuccess: async () => {
      Toast.show({ content: t('common.deleted') });
      await refresh();
    },
  });
  const ask = async (r: GroupResource) => {
    if (await confirmDanger(t('group.remove_title'), t('group.remove_confirm', { name: r.name }), t('common.remove'), t('common.cancel'))) remove.mutate(r);
  };
  const label = (r: GroupResource) => `${r.name}`;
  const columns: Column<GroupResource>[] = [
    { id: 'name', header: t('group.fields.resource_name'), cell: label, title: true },
    { id: 'kind', header: t('group.fields.kind'), cell: (r) => t(`kinds:${r.kind}.name`, { defaultValue: t('group.fields.kind') }) },
    { id: 'status', header: t('group.fields.status'), cell: (r) => t(`kinds:status.${r.status}`, { defaultValue: '-' }) },
    { id: 'vendor', header: t('group.fields.vendor'), cell: (r) => t(`kinds:vendors.${r.vendor}`, { defaultValue: '-' }) },
    { id: 'joined_at', header: t('group.fields.joined_at'), cell: (r) => formatDateTime(r.joined_at) },
  ];
  const g = query.data;
  const sheet = (
    <div className="ys-org__sheet" data-testid="group-pick">
      <h2>{t('group.pick_resources')}</h2>
      {candidates.isPending ? (
        <Loading />
      ) : (candidates.data?.data ?? []).length === 0 ? (
        <Nothing text={t('group.no_candidates')} />
      ) : (
        (candidates.data?.data ?? []).map((r) => (
          <label key={r.id} className="ys-org__check">
            <input
              type="checkbox"
              checked={picked.includes(r.id)}
              onChange={() => setPicked((p) => (p.includes(r.id) ? p.filter((x) => x !== r.id) : [...p, r.id]))}
            />
            <span>{`${r.name} · ${t(`kinds:${r.kind}.name`, { defaultValue: '' })} · ${t(`kinds:status.${r.status}`, { defaultValue: '' })}`}</span>
          </label>
        ))
      )}
      <div className="ys-org__bar-actions">
        <Button color="primary" disabled={!picked.length} loading={add.isPending} onClick={() => add.mutate()} data-testid="group-pick-save">
          {t('common.confirm')}
        </Button>
        <Button onClick={() => setPicking(false)}>{t('common.cancel')}</Button>
      </div>
    </div>
  );
  return (
    <PageFrame name={route} className="ys-org">
      <Bar title={t(`group.${type}.detail`)}>
        <Button onClick={() => navigate(back)}>{t('common.back')}</Button>
      </Bar>
      {query.isPending ? (
        <Loading />
      ) : !g ? (
        <Nothing text={t('common.not_found')} />
      ) : (
        <>
          <div className="ys-org__card">
            <div className="ys-org__card-title" data-testid="group-title">
              {g.name}
            </div>
            <dl className="ys-org__meta">
              <div>
                <dt>{t('group.fields.project')}</dt>
                <dd>{g.project_name_zh || g.project_name}</dd>
              </div>
              <div>
                <dt>{t('group.fields.description')}</dt>
                <dd>{g.description || t('group.no_description')}</dd>
              </div>
              <div>
                <dt>{t('group.fields.created_at')}</dt>
                <dd>{formatDateTime(g.created_at)}</dd>
              </div>
            </dl>
          </div>
          <Bar title={t('group.resources_title')}>
            {editable && (
              <Button color="primary" onClick={() => setPicking(true)} data-testid="group-add-resources">
                {t('group.add_resources')}
              </Button>
            )}
          </Bar>
          <OrgList
            testId="group-resources"
            columns={columns}
            rows={g.resources}
            rowKey={(r) => r.id}
            actions={
              editable
                ? (r) => (
                    <Button size="small" color="danger" fill="outline" onClick={() => void ask(r)}>
                      {t('common.remove')}
                    </Button>
                  )
                : undefined
            }
          />
        </>
      )}
      {bp === 'phone' ? (
        <Popup visible={picking} onMaskClick={() => setPicking(false)} destroyOnClose>
          {sheet}
        </Popup>
      ) : (
        <CenterPopup visible={picking} onMaskClick={() => setPicking(false)} destroyOnClose style={{ '--min-width': '520px' }}>
          {sheet}
        </CenterPopup>
      )}
    </PageFrame>
  );
}
