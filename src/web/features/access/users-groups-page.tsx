// usersGroupManage: tabs 用户 / 用户组. 用户: the users of the current tenant (every tenant for
// platform roles) as cards, 新建用户 (the temporary password is shown once), a user sheet with
// roles, groups, policies and 锁定/解锁/重置密码. 用户组: the groups, 新建用户组, each opening
// usersGroupManageDetail/{id}.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, ErrorBlock, Form, Input, SearchBar, Selector, Tabs, Tag, Toast } from 'antd-mobile';
import { useCan } from '../../lib/can.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { formatDateTime } from '../../../domain/time-format.ts';
import { USER_TYPES } from '../../../domain/access/access.ts';
import { PLATFORM_ROLES, PROJECT_ROLES, TENANT_ROLES, roleLevel, type Role } from '../../../domain/roles.ts';
import {
  createGroup,
  createUser,
  getUser,
  listGroups,
  listProjects,
  listTenants,
  listUsers,
  lockUser,
  myPermissions,
  resetPassword,
  setMemberships,
  type MembershipInput,
  type UserDetail,
} from './api.ts';
import { Card, RoleTags, Sheet, showTemporaryPassword } from './parts.tsx';
import { accessKeys } from './query-keys.ts';
import { PhoneInput, phoneRule } from '../../ui/phone-input.tsx';

/** What the API takes back for a membership it answered (platform: the role; tenant: its tenant; project: its project). */
const inputOf = (m: UserDetail['memberships'][number]): MembershipInput =>
  m.project_id ? { role: m.role, project_id: m.project_id } : m.tenant_id ? { role: m.role, tenant_id: m.tenant_id } : { role: m.role };

/**
 * A user's memberships with roles: remove one, or add a role at its level — a tenant role in a tenant,
 * a project role in a project (a tenant administrator: its tenant's projects and roles; a super
 * administrator: any tenant, and the platform roles). The server checks each rule again.
 */
function MembershipEditor({ user, onChanged }: { user: UserDetail; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('access');
  const me = useQuery({ queryKey: accessKeys.me(), queryFn: myPermissions });
  const platform = !!me.data?.permissions.includes('manage:user:any');
  const editable = useCan()('manage:user');
  const projects = useQuery({ queryKey: accessKeys.projects(), queryFn: listProjects });
  const tenants = useQuery({ queryKey: accessKeys.tenants(), queryFn: listTenants, enabled: platform });
  const [adding, setAdding] = useState(false);
  const [role, setRole] = useState<Role>('project_member');
  const [project, setProject] = useState('');
  const [tenant, setTenant] = useState('');
  const [busy, setBusy] = useState(false);
  const level = roleLevel(role);
  const roleChoices: readonly Role[] = [...(platform ? PLATFORM_ROLES : []), ...TENANT_ROLES, ...PROJECT_ROLES];
  const projectOptions = (projects.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  const tenantOptions = (tenants.data?.data ?? []).map((x) => ({ value: x.id, label: x.name }));
  const save = async (next: MembershipInput[]) => {
    setBusy(true);
    try {
      await setMemberships(user.id, next);
      Toast.show({ content: t('user.done') });
      setAdding(false);
      await onChanged();
    } catch {
      // the request helper showed the server's notice
    } finally {
      setBusy(false);
    }
  };
  const add = () => {
    const current = user.memberships.map(inputOf);
    if (level === 'platform') return void save([...current, { role }]);
    if (level === 'project') {
      const pick = project || projectOptions[0]?.value;
      if (!pick) return void Toast.show({ content: t('user.membership_project_required') });
      return void save([...current, { role, project_id: pick }]);
    }
    // a tenant administrator's tenant is the server's to fill in; a super administrator picks one
    return void save([...current, { role, tenant_id: platform ? tenant || tenantOptions[0]?.value || null : null }]);
  };
  return (
    <div className="ys-acc__section" data-testid="user-memberships">
      <h4>{t('user.memberships')}</h4>
      {user.memberships.length === 0 && <span className="ys-acc__muted">{t('user.none')}</span>}
      {user.memberships.map((m, i) => (
        <p key={m.id} className="ys-acc__line ys-acc__membership" data-testid="membership">
          <span>
            {t(`roles.${m.role}`)} · {m.project_name ?? m.tenant_name ?? t('levels.platform')}
          </span>
          {editable && (
            <Button
              size="small"
              fill="outline"
              disabled={busy}
              onClick={() => void save(user.memberships.filter((_, j) => j !== i).map(inputOf))}
              data-testid="membership-remove"
            >
              {t('user.remove_membership')}
            </Button>
          )}
        </p>
      ))}
      {adding ? (
        <div className="ys-acc__section" data-testid="membership-form">
          <Selector
            columns={2}
            value={[role]}
            onChange={(v) => v[0] && setRole(v[0])}
            options={roleChoices.map((r) => ({ value: r, label: `${t(`roles.${r}`)}（${t(`levels.${roleLevel(r)}`)}）` }))}
            data-testid="membership-role"
          />
          {level === 'project' && (
            <>
              <h4>{t('user.project')}</h4>
              <Selector
                columns={1}
                value={[project || projectOptions[0]?.value || '']}
                onChange={(v) => v[0] && setProject(v[0])}
                options={projectOptions}
                data-testid="membership-project"
              />
            </>
          )}
          {level === 'tenant' && platform && (
            <>
              <h4>{t('user.tenant')}</h4>
              <Selector columns={1} value={[tenant || tenantOptions[0]?.value || '']} onChange={(v) => v[0] && setTenant(v[0])} options={tenantOptions} />
            </>
          )}
          <div className="ys-acc__actions">
            <Button onClick={() => setAdding(false)}>{t('group.cancel')}</Button>
            <Button color="primary" loading={busy} onClick={add} data-testid="membership-save">
              {t('group.save')}
            </Button>
          </div>
        </div>
      ) : editable ? (
        <Button size="small" color="primary" fill="outline" onClick={() => setAdding(true)} data-testid="membership-add">
          {t('user.add_membership')}
        </Button>
      ) : null}
    </div>
  );
}

function UserSheet({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('access');
  const client = useQueryClient();
  const can = useCan();
  const q = useQuery({ queryKey: accessKeys.user(id), queryFn: () => getUser(id) });
  const u = q.data;
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: accessKeys.user(id) }), client.invalidateQueries({ queryKey: accessKeys.users() })]);
  const toggleLock = async () => {
    if (!u) return;
    if (
      !u.locked &&
      !(await Dialog.confirm({ content: t('user.lock_confirm', { name: u.nickname }), confirmText: t('user.lock'), cancelText: t('group.cancel') }))
    )
      return;
    await lockUser(u.id, !u.locked);
    Toast.show({ content: t('user.done') });
    await refresh();
  };
  const reset = async () => {
    if (!u || !(await Dialog.confirm({ content: t('user.reset_confirm', { name: u.nickname }), confirmText: t('user.reset'), cancelText: t('group.cancel') })))
      return;
    const res = await resetPassword(u.id);
    await showTemporaryPassword(t, res.temporary_password);
  };
  return (
    <div data-testid="user-sheet">
      {!u ? (
        <DotLoading />
      ) : (
        <>
          <h3>
            {u.nickname}（{u.account}）
          </h3>
          <p className="ys-acc__line">
            {t('user.user_type')}：{t(`user_types.${u.user_type}`, { defaultValue: t('user_types.local') })}
          </p>
          <p className="ys-acc__line">
            {t('user.phone')}：{u.phone ?? t('user.none')}
          </p>
          <p className="ys-acc__line">
            {t('user.created_at')}：{formatDateTime(u.created_at)}
          </p>
          <p className="ys-acc__line">{u.locked ? <Tag color="danger">{t('user.locked')}</Tag> : <Tag color="success">{t('user.active')}</Tag>}</p>
          <MembershipEditor user={u} onChanged={refresh} />
          <div className="ys-acc__section">
            <h4>{t('user.groups')}</h4>
            <p className="ys-acc__line">{u.groups.map((g) => g.name).join('、') || t('user.none')}</p>
          </div>
          <div className="ys-acc__section">
            <h4>{t('user.policies')}</h4>
            <p className="ys-acc__line">{u.policies.map((p) => p.name).join('、') || t('user.none')}</p>
          </div>
          <div className="ys-acc__actions">
            {can('manage:user') || can('lock:user') ? (
              <Button color={u.locked ? 'primary' : 'warning'} fill="outline" onClick={() => void toggleLock()} data-testid="user-lock">
                {u.locked ? t('user.unlock') : t('user.lock')}
              </Button>
            ) : null}
            {can('manage:user') ? (
              <Button fill="outline" onClick={() => void reset()} data-testid="user-reset">
                {t('user.reset')}
              </Button>
            ) : null}
            <Button onClick={onClose}>{t('group.cancel')}</Button>
          </div>
        </>
      )}
    </div>
  );
}

interface UserDraft {
  account: string;
  nickname: string;
  user_type: string[];
  phone: string;
  role: string[];
  project: string[];
}

function UserForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('access');
  const [form] = Form.useForm<UserDraft>();
  const projects = useQuery({ queryKey: accessKeys.projects(), queryFn: listProjects });
  const [busy, setBusy] = useState(false);
  const [role, setRole] = useState<string>('project_member');
  const isProjectRole = (PROJECT_ROLES as readonly string[]).includes(role);
  const projectOptions = (projects.data?.data ?? []).map((p) => ({ label: p.name, value: p.id }));
  const submit = async (v: UserDraft) => {
    setBusy(true);
    try {
      const res = await createUser({
        account: v.account,
        nickname: v.nickname,
        user_type: v.user_type?.[0] ?? 'local',
        phone: v.phone || null,
        memberships: [{ role, project_id: isProjectRole ? (v.project?.[0] ?? projectOptions[0]?.value ?? null) : null }],
      });
      onDone();
      await showTemporaryPassword(t, res.temporary_password);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ user_type: ['local'], role: ['project_member'], project: projectOptions[0] ? [projectOptions[0].value] : [] }}
      onFinish={(v) => void submit(v)}
      footer={
        <div className="ys-acc__actions">
          <Button onClick={onDone}>{t('group.cancel')}</Button>
          <Button color="primary" type="submit" loading={busy} data-testid="user-save">
            {t('group.save')}
          </Button>
        </div>
      }
    >
      <h3>{t('user.add')}</h3>
      <Form.Item
        name="account"
        label={t('user.account')}
        rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, message: t('user.account_placeholder') }]}
      >
        <Input placeholder={t('user.account_placeholder')} clearable data-testid="user-account" />
      </Form.Item>
      <Form.Item name="nickname" label={t('user.nickname')} rules={[{ required: true, max: 32 }]}>
        <Input maxLength={32} clearable data-testid="user-nickname" />
      </Form.Item>
      <Form.Item name="user_type" label={t('user.user_type')}>
        <Selector columns={2} options={USER_TYPES.map((u) => ({ value: u, label: t(`user_types.${u}`) }))} />
      </Form.Item>
      <Form.Item name="phone" label={t('user.phone')} rules={[phoneRule(t)]}>
        <PhoneInput testId="user-phone" />
      </Form.Item>
      <Form.Item label={t('user.role')}>
        <Selector
          columns={2}
          value={[role]}
          onChange={(v) => v[0] && setRole(v[0])}
          options={[...TENANT_ROLES, ...PROJECT_ROLES].map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          data-testid="user-role"
        />
      </Form.Item>
      {isProjectRole && (
        <Form.Item name="project" label={t('user.project')}>
          <Selector columns={1} options={projectOptions} data-testid="user-project" />
        </Form.Item>
      )}
    </Form>
  );
}

function UsersTab() {
  const { t } = useTranslation('access');
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [open, setOpen] = useState<string | 'new' | null>(null);
  const can = useCan();
  const q = useQuery({ queryKey: accessKeys.userSearch(name), queryFn: () => listUsers(name) });
  return (
    <>
      <div className="ys-acc__head">
        <SearchBar placeholder={t('user.search')} onSearch={setName} onClear={() => setName('')} style={{ flex: 1, minWidth: 180 }} />
        {can('manage:user') ? (
          <Button color="primary" onClick={() => setOpen('new')} data-testid="user-add">
            {t('user.add')}
          </Button>
        ) : null}
      </div>
      {q.isPending ? (
        <DotLoading />
      ) : !q.data?.data.length ? (
        <ErrorBlock status="empty" title={t('user.empty')} description="" />
      ) : (
        <div className="ys-acc__grid" data-testid="user-list">
          {q.data.data.map((u) => (
            <Card
              key={u.id}
              testId="user-card"
              title={`${u.nickname}（${u.account}）`}
              extra={u.locked ? <Tag color="danger">{t('user.locked')}</Tag> : <Tag color="success">{t('user.active')}</Tag>}
              onClick={() => setOpen(u.id)}
            >
              <p className="ys-acc__line">{t(`user_types.${u.user_type}`, { defaultValue: t('user_types.local') })}</p>
              <RoleTags roles={u.roles ?? []} />
            </Card>
          ))}
        </div>
      )}
      <Sheet open={open !== null} onClose={() => setOpen(null)}>
        {open === 'new' ? (
          <UserForm
            onDone={() => {
              setOpen(null);
              void client.invalidateQueries({ queryKey: accessKeys.users() });
            }}
          />
        ) : open ? (
          <UserSheet id={open} onClose={() => setOpen(null)} />
        ) : null}
      </Sheet>
    </>
  );
}

function GroupsTab() {
  const { t } = useTranslation('access');
  const navigate = useNavigate();
  const client = useQueryClient();
  const q = useQuery({ queryKey: accessKeys.groups(), queryFn: listGroups });
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (v: { name: string; description: string }) => {
    setBusy(true);
    try {
      const g = await createGroup({ name: v.name, description: v.description ?? '' });
      setAdding(false);
      await client.invalidateQueries({ queryKey: accessKeys.groups() });
      navigate(`/usersGroupManageDetail/${g.id}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="ys-acc__head">
        <span className="ys-acc__muted">{q.data ? q.data.count : ''}</span>
        {can('manage:user_group') ? (
          <Button color="primary" onClick={() => setAdding(true)} data-testid="group-add">
            {t('group.add')}
          </Button>
        ) : null}
      </div>
      {q.isPending ? (
        <DotLoading />
      ) : !q.data?.data.length ? (
        <ErrorBlock status="empty" title={t('group.empty')} description="" />
      ) : (
        <div className="ys-acc__grid" data-testid="group-list">
          {q.data.data.map((g) => (
            <Card
              key={g.id}
              testId="group-card"
              title={g.name}
              extra={<span className="ys-acc__muted">{t('group.member_count', { count: g.member_count })}</span>}
              onClick={() => navigate(`/usersGroupManageDetail/${g.id}`)}
            >
              <p className="ys-acc__line">{g.description || (g.tenant_name ?? t('group.platform'))}</p>
              <RoleTags roles={g.roles} />
            </Card>
          ))}
        </div>
      )}
      <Sheet open={adding} onClose={() => setAdding(false)}>
        <Form
          layout="vertical"
          onFinish={(v: { name: string; description: string }) => void submit(v)}
          footer={
            <div className="ys-acc__actions">
              <Button onClick={() => setAdding(false)}>{t('group.cancel')}</Button>
              <Button color="primary" type="submit" loading={busy} data-testid="group-save">
                {t('group.save')}
              </Button>
            </div>
          }
        >
          <h3>{t('group.add')}</h3>
          <Form.Item name="name" label={t('group.name')} rules={[{ required: true, max: 64 }]}>
            <Input maxLength={64} clearable data-testid="group-name" />
          </Form.Item>
          <Form.Item name="description" label={t('group.description')}>
            <Input maxLength={256} clearable />
          </Form.Item>
        </Form>
      </Sheet>
    </>
  );
}

export default function UsersGroupsPage() {
  const { t } = useTranslation('access');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'groups' ? 'groups' : 'users';
  return (
    <PageFrame name="usersGroupManage" className="ys-acc">
      <Tabs activeKey={tab} onChange={(k) => setParams(k === 'groups' ? { tab: 'groups' } : {}, { replace: true })}>
        <Tabs.Tab title={t('tabs.users')} key="users">
          <UsersTab />
        </Tabs.Tab>
        <Tabs.Tab title={t('tabs.groups')} key="groups">
          <GroupsTab />
        </Tabs.Tab>
      </Tabs>
    </PageFrame>
  );
}
