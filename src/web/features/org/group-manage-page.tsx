// systemManage and resourceGroupManage: the systems / resource groups of the current project (all of
// the tenant's for a tenant-wide view) with how many resources each holds; new, edit and delete
// after confirmation (the resources stay, only the link goes).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { formatDateTime } from '../../../domain/time-format.ts';
import type { GroupType } from '../../../domain/org.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { createGroup, deleteGroup, listGroups, updateGroup, useScopeKey, type GroupRow } from './api.ts';
import { GroupForm, type GroupFormValue } from './group-form.tsx';
import { useCan } from '../../lib/can.ts';
import { Bar, Loading, OrgList, confirmDanger, type Column } from './parts.tsx';
import './org.css';
import { orgKeys } from './query-keys.ts';

const DETAIL_ROUTE: Record<GroupType, string> = { system: '/systemDetail', resource_group: '/resourceGroupDetail' };

export default function GroupManagePage() {
  const { t } = useTranslation('org');
  const navigate = useNavigate();
  const client = useQueryClient();
  const scopeKey = useScopeKey();
  const route = usePageHandle()?.name === 'resourceGroupManage' ? 'resourceGroupManage' : 'systemManage';
  const type: GroupType = route === 'resourceGroupManage' ? 'resource_group' : 'system';
  const editable = useCan()(`update:${type}`);
  const query = useQuery({ queryKey: orgKeys.groups(type, scopeKey), queryFn: () => listGroups(type) });
  const [editing, setEditing] = useState<GroupRow | 'new' | null>(null);
  const done = async (text: string) => {
    Toast.show({ content: text });
    setEditing(null);
    await client.invalidateQueries({ queryKey: orgKeys.groupsOf(type) });
  };
  const save = useMutation({
    mutationFn: (v: GroupFormValue) => (editing && editing !== 'new' ? updateGroup(type, editing.id, v) : createGroup(type, v)),
    onSuccess: () => done(editing === 'new' ? t('common.created') : t('common.saved')),
  });
  const remove = useMutation({ mutationFn: (g: GroupRow) => deleteGroup(type, g.id), onSuccess: () => done(t('common.deleted')) });
  const ask = async (g: GroupRow) => {
    if (await confirmDanger(t(`group.${type}.delete_title`), t(`group.${type}.delete_confirm`, { name: g.name }), t('common.delete'), t('common.cancel')))
      remove.mutate(g);
  };
  const columns: Column<GroupRow>[] = [
    { id: 'name', header: t('group.fields.name'), cell: (g) => g.name, title: true },
    { id: 'description', header: t('group.fields.description'), cell: (g) => g.description || t('group.no_description') },
    { id: 'project', header: t('group.fields.project'), cell: (g) => g.project_name_zh || g.project_name },
    { id: 'resources', header: t('group.fields.resources'), cell: (g) => g.resource_count ?? 0 },
    { id: 'created_at', header: t('group.fields.created_at'), cell: (g) => formatDateTime(g.created_at) },
  ];
  return (
    <PageFrame name={route} className="ys-org">
      <Bar title={t(`group.${type}.title`)}>
        {editable && (
          <Button color="primary" onClick={() => setEditing('new')} data-testid="group-new">
            {t(`group.${type}.add`)}
          </Button>
        )}
      </Bar>
      {query.isPending ? (
        <Loading />
      ) : (
        <OrgList
          testId="group-list"
          columns={columns}
          rows={query.data?.data ?? []}
          rowKey={(g) => g.id}
          onOpen={(g) => navigate(`${DETAIL_ROUTE[type]}/${g.id}`)}
          actions={
            editable
              ? (g) => (
                  <>
                    <Button size="small" onClick={() => setEditing(g)}>
                      {t('common.edit')}
                    </Button>
                    <Button size="small" color="danger" fill="outline" onClick={() => void ask(g)} data-testid="group-delete">
                      {t('common.delete')}
                    </Button>
                  </>
                )
              : undefined
          }
        />
      )}
      {editing && (
        <GroupForm
          type={type}
          open
          initial={editing === 'new' ? undefined : { name: editing.name, description: editing.description, project_id: editing.project_id }}
          onClose={() => setEditing(null)}
          onSubmit={(v) => save.mutate(v)}
          busy={save.isPending}
        />
      )}
    </PageFrame>
  );
}
