// usersGroupManageDetail/{id}: a group's roles (a tenant group: that tenant's roles, project roles
// in one of its projects; a platform group: platform roles), its members and the policies granted
// to it; edit roles and members in a sheet, delete after confirmation.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, ErrorBlock, Toast } from 'antd-mobile';
import { useCan } from '../../lib/can.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { PLATFORM_ROLES, PROJECT_ROLES, TENANT_ROLES } from '../../../domain/roles.ts';
import { deleteGroup, getGroup, type GroupDetail, type GroupDetailRoles, listProjects, listUsers, setGroupMembers, setGroupRoles } from './api.ts';
import { Card } from './parts.tsx';
import { GroupEditSheet } from './group-edit-sheet.tsx';
import { accessKeys } from './query-keys.ts';

export default function GroupDetailPage() {
  const { t } = useTranslation('access');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const q = useQuery({ queryKey: accessKeys.group(id), queryFn: () => getGroup(id) });
  const users = useQuery({ queryKey: accessKeys.userSearch(''), queryFn: () => listUsers('') });
  const projects = useQuery({ queryKey: accessKeys.projects(), queryFn: listProjects });
  const [editing, setEditing] = useState<'members' | 'roles' | null>(null);
  const [members, setMembers] = useState<string[]>([]);
  const [role, setRole] = useState<string>('project_member');
  const [project, setProject] = useState<string>('');
  const editable = useCan()('manage:user_group');
  const g = q.data;
  const refresh = () => client.invalidateQueries({ queryKey: accessKeys.group(id) });

  if (q.isError)
    return (
      <PageFrame name="usersGroupManageDetail">
        <ErrorBlock status="empty" title={t('group.empty')} description="" />
      </PageFrame>
    );
  if (!g)
    return (
      <PageFrame name="usersGroupManageDetail">
        <DotLoading />
      </PageFrame>
    );
  const roleChoices = g.tenant_id ? [...TENANT_ROLES, ...PROJECT_ROLES] : PLATFORM_ROLES;
  const isProjectRole = (PROJECT_ROLES as readonly string[]).includes(role);
  const tenantProjects = (projects.data?.data ?? []).filter((p) => p.tenant_id === g.tenant_id);

  const saveMembers = async () => {
    await setGroupMembers(id, members);
    Toast.show({ content: t('user.done') });
    setEditing(null);
    await refresh();
  };
  const addRole = async () => {
    const next = [
      ...g.roles.map((r) => ({ role: r.role, project_id: r.project_id })),
      { role, project_id: isProjectRole ? project || tenantProjects[0]?.id || null : null },
    ];
    await setGroupRoles(id, next);
    Toast.show({ content: t('user.done') });
    setEditing(null);
    await refresh();
  };
  const removeRole = async (i: number) => {
    await setGroupRoles(
      id,
      g.roles.filter((_, j) => j !== i).map((r) => ({ role: r.role, project_id: r.project_id })),
    );
    await refresh();
  };
  const remove = async () => {
    if (!(await Dialog.confirm({ content: t('group.delete_confirm', { name: g.name }), confirmText: t('group.delete'), cancelText: t('group.cancel') })))
      return;
    await deleteGroup(id);
    navigate('/usersGroupManage?tab=groups');
  };

  return (
    <PageFrame name="usersGroupManageDetail" className="ys-acc">
      <div className="ys-acc__head">
        <h2>{g.name}</h2>
        <Button fill="none" onClick={() => navigate('/usersGroupManage?tab=groups')}>
          {t('group.back')}
        </Button>
      </div>
      <p className="ys-acc__line">
        {t('group.tenant')}：{g.tenant_name ?? t('group.platform')}
      </p>
      {g.description && <p className="ys-acc__line">{g.description}</p>}
      <div className="ys-acc__grid">
        <GroupRolesCard group={g} editable={editable} onAdd={() => setEditing('roles')} onRemove={(i) => void removeRole(i)} />
        <Card
          title={t('group.members')}
          testId="group-members"
          extra={
            !editable ? undefined : (
              <Button
                size="small"
                color="primary"
                fill="outline"
                onClick={() => {
                  setMembers(g.members.map((m) => m.id));
                  setEditing('members');
                }}
                data-testid="group-edit-members"
              >
                {t('group.edit_members')}
              </Button>
            )
          }
        >
          {g.members.length === 0 && <p className="ys-acc__muted">{t('group.no_members')}</p>}
          {g.members.map((m) => (
            <p key={m.id} className="ys-acc__line">
              {m.nickname}（{m.account}）
            </p>
          ))}
        </Card>
        <Card title={t('group.policies')}>
          <p className="ys-acc__line">{g.policies.map((p) => p.name).join('、') || t('user.none')}</p>
        </Card>
      </div>
      {editable ? (
        <div className="ys-acc__actions">
          <Button color="danger" fill="outline" onClick={() => void remove()}>
            {t('group.delete')}
          </Button>
        </div>
      ) : null}
      <GroupEditSheet
        editing={editing}
        onClose={() => setEditing(null)}
        users={users.data?.data ?? []}
        members={members}
        setMembers={setMembers}
        onSaveMembers={() => void saveMembers()}
        roleChoices={roleChoices}
        role={role}
        setRole={setRole}
        isProjectRole={isProjectRole}
        projects={tenantProjects}
        project={project}
        setProject={setProject}
        onAddRole={() => void addRole()}
      />
    </PageFrame>
  );
}

function GroupRolesCard({
  group,
  editable,
  onAdd,
  onRemove,
}: {
  group: Omit<GroupDetail, 'roles'> & GroupDetailRoles;
  editable: boolean;
  onAdd: () => void;
  onRemove: (i: number) => void;
}) {
  const { t } = useTranslation('access');
  return (
    <Card
      title={t('group.roles')}
      testId="group-roles"
      extra={
        editable ? (
          <Button size="small" color="primary" fill="outline" onClick={onAdd} data-testid="group-add-role">
            {t('group.add_role')}
          </Button>
        ) : undefined
      }
    >
      {group.roles.length === 0 && <p className="ys-acc__muted">{t('group.no_roles')}</p>}
      {group.roles.map((r, i) => (
        <p key={`${r.role}-${r.project_id ?? ''}`} className="ys-acc__line">
          {t(`roles.${r.role}`)} · {r.project_name ?? group.tenant_name ?? t('levels.platform')}{' '}
          {editable ? (
            <Button size="mini" fill="none" color="danger" onClick={() => onRemove(i)}>
              {t('group.delete')}
            </Button>
          ) : null}
        </p>
      ))}
    </Card>
  );
}
