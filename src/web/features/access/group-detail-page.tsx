// usersGroupManageDetail/{id}: a group's roles (a tenant group: that tenant's roles, project roles
// in one of its projects; a platform group: platform roles), its members and the policies granted
// to it; edit roles and members in a sheet, delete after confirmation.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Dialog, DotLoading, ErrorBlock, Selector, Toast } from 'antd-mobile';
import { useCan } from '../../lib/can.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { PLATFORM_ROLES, PROJECT_ROLES, TENANT_ROLES } from '../../../domain/roles.ts';
import { deleteGroup, getGroup, listProjects, listUsers, setGroupMembers, setGroupRoles } from './api.ts';
import { Card, Sheet } from './parts.tsx';

export default function GroupDetailPage() {
  const { t } = useTranslation('access');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['access-group', id], queryFn: () => getGroup(id) });
  const users = useQuery({ queryKey: ['access-users', ''], queryFn: () => listUsers('') });
  const projects = useQuery({ queryKey: ['access-projects'], queryFn: listProjects });
  const [editing, setEditing] = useState<'members' | 'roles' | null>(null);
  const [members, setMembers] = useState<string[]>([]);
  const [role, setRole] = useState<string>('project_member');
  const [project, setProject] = useState<string>('');
  const editable = useCan()('manage:user_group');
  const g = q.data;
  const refresh = () => client.invalidateQueries({ queryKey: ['access-group', id] });

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
        <Card
          title={t('group.roles')}
          testId="group-roles"
          extra={
            editable ? (
              <Button size="small" color="primary" fill="outline" onClick={() => setEditing('roles')} data-testid="group-add-role">
                {t('group.add_role')}
              </Button>
            ) : undefined
          }
        >
          {g.roles.length === 0 && <p className="ys-acc__muted">{t('group.no_roles')}</p>}
          {g.roles.map((r, i) => (
            <p key={`${r.role}-${r.project_id ?? ''}`} className="ys-acc__line">
              {t(`roles.${r.role}`)} · {r.project_name ?? g.tenant_name ?? t('levels.platform')}{' '}
              {editable ? (
                <Button size="mini" fill="none" color="danger" onClick={() => void removeRole(i)}>
                  {t('group.delete')}
                </Button>
              ) : null}
            </p>
          ))}
        </Card>
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
      <Sheet open={editing !== null} onClose={() => setEditing(null)}>
        {editing === 'members' && (
          <>
            <h3>{t('group.edit_members')}</h3>
            <Checkbox.Group value={members} onChange={(v) => setMembers(v as string[])}>
              <div className="ys-acc__check">
                {(users.data?.data ?? []).map((u) => (
                  <div key={u.id}>
                    <Checkbox value={u.id} data-testid={`member-${u.account}`}>
                      {u.nickname}（{u.account}）
                    </Checkbox>
                  </div>
                ))}
              </div>
            </Checkbox.Group>
            <div className="ys-acc__actions">
              <Button onClick={() => setEditing(null)}>{t('group.cancel')}</Button>
              <Button color="primary" onClick={() => void saveMembers()} data-testid="members-save">
                {t('group.save')}
              </Button>
            </div>
          </>
        )}
        {editing === 'roles' && (
          <>
            <h3>{t('group.add_role')}</h3>
            <Selector
              columns={2}
              value={[role]}
              onChange={(v) => v[0] && setRole(v[0])}
              options={roleChoices.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            />
            {isProjectRole && (
              <div className="ys-acc__section">
                <h4>{t('user.project')}</h4>
                <Selector
                  columns={1}
                  value={[project || tenantProjects[0]?.id || '']}
                  onChange={(v) => v[0] && setProject(v[0])}
                  options={tenantProjects.map((p) => ({ value: p.id, label: p.name }))}
                />
              </div>
            )}
            <div className="ys-acc__actions">
              <Button onClick={() => setEditing(null)}>{t('group.cancel')}</Button>
              <Button color="primary" onClick={() => void addRole()} data-testid="role-save">
                {t('group.save')}
              </Button>
            </div>
          </>
        )}
      </Sheet>
    </PageFrame>
  );
}
