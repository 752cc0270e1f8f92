// The access calls (users, user groups, policies, templates, grants) and their answers' shapes.
import { del, get, post, put, request } from '../../lib/request.ts';
import type { Role } from '../../../domain/roles.ts';

export interface UserRow {
  id: string;
  account: string;
  nickname: string;
  user_type: string;
  phone: string | null;
  email: string | null;
  locked: boolean;
  created_at: string;
  roles?: Role[];
}
export interface UserDetail extends UserRow {
  memberships: { id: string; role: Role; tenant_id: string | null; project_id: string | null; tenant_name: string | null; project_name: string | null }[];
  groups: { id: string; name: string }[];
  policies: { grant_id: string; id: string; name: string }[];
}
export interface GroupRow {
  id: string;
  name: string;
  description: string;
  tenant_id: string | null;
  tenant_name: string | null;
  member_count: number;
  roles: Role[];
}
export interface GroupDetail extends GroupRow {
  members: { id: string; account: string; nickname: string; locked: boolean }[];
  roles: never;
  policies: { grant_id: string; id: string; name: string }[];
}
export interface GroupDetailRoles {
  roles: { role: Role; project_id: string | null; project_name: string | null }[];
}
export interface PolicyRow {
  id: string;
  name: string;
  description: string;
  tenant_id: string | null;
  tenant_name: string | null;
  template_code: string | null;
  permissions: string[];
  grant_count: number;
  updated_at: string;
  include_projects?: string[];
  exclude_projects?: string[];
}
export interface PolicyDetail extends PolicyRow {
  include_projects: string[];
  exclude_projects: string[];
  grants: { id: string; user_id: string | null; group_id: string | null; account: string | null; nickname: string | null; group_name: string | null }[];
}
export interface Template {
  code: string;
  permissions: string[];
}
export interface GrantRow {
  id: string;
  policy_id: string;
  policy_name: string;
  user_id: string | null;
  account: string | null;
  nickname: string | null;
  group_id: string | null;
  group_name: string | null;
  created_at: string;
}
export interface ProjectOption {
  id: string;
  name: string;
  tenant_id: string;
}

type List<T> = { count: number; data: T[] };

export const listUsers = (name = '') => get<List<UserRow>>('v1/cloud/users', { __limit: 200, name });
export const getUser = (id: string) => get<UserDetail>(`v1/cloud/users/${id}`);
export const createUser = (body: unknown) => post<{ user: UserDetail; temporary_password: string }>('v1/cloud/users', body);
export const lockUser = (id: string, lock: boolean) => post<UserDetail>(`v1/cloud/users/${id}/${lock ? 'lock' : 'unlock'}`, {});
export interface MembershipInput {
  role: string;
  tenant_id?: string | null;
  project_id?: string | null;
}
export const setMemberships = (id: string, memberships: MembershipInput[]) => put<UserDetail>(`v1/cloud/users/${id}/memberships`, { memberships });
export const listTenants = () => get<List<{ id: string; name: string }>>('tenants', { __limit: 1000 });
export const myPermissions = () => get<{ permissions: string[] }>('v1/access/me');
export const resetPassword = (id: string) => post<{ id: string; temporary_password: string }>(`v1/cloud/users/${id}/reset-password`, {});

export const listGroups = () => get<List<GroupRow>>('v1/cloud/user-groups');
export const getGroup = (id: string) => get<Omit<GroupDetail, 'roles'> & GroupDetailRoles>(`v1/cloud/user-groups/${id}`);
export const createGroup = (body: unknown) => post<GroupRow>('v1/cloud/user-groups', body);
export const deleteGroup = (id: string) => del(`v1/cloud/user-groups/${id}`);
export const setGroupMembers = (id: string, user_ids: string[]) => put(`v1/cloud/user-groups/${id}/members`, { user_ids });
export const setGroupRoles = (id: string, roles: { role: string; project_id: string | null }[]) => put(`v1/cloud/user-groups/${id}/roles`, { roles });

export const listPolicies = () => get<List<PolicyRow>>('v1/cloud/policies');
export const getPolicy = (id: string) => get<PolicyDetail>(`v1/cloud/policies/${id}`);
export const createPolicy = (body: unknown) => post<PolicyDetail>('v1/cloud/policies', body);
export const updatePolicy = (id: string, body: unknown) => request<PolicyDetail>('PATCH', `v1/cloud/policies/${id}`, body);
export const deletePolicy = (id: string) => del(`v1/cloud/policies/${id}`);

export const listTemplates = () => get<List<Template>>('v1/cloud/action-templates');
export const getTemplate = (code: string) => get<Template>(`v1/cloud/action-templates/${code}`);

export const listGrants = () => get<List<GrantRow>>('v1/cloud/authorizations');
export const grant = (body: { policy_id: string; user_ids: string[]; group_ids: string[] }) => post('v1/cloud/authorizations', body);
export const revoke = (id: string) => del(`v1/cloud/authorizations/${id}`);

export const listProjects = () => get<List<ProjectOption>>('projects', { __limit: 500 });
export const listRoles = () =>
  get<{ data: { role: Role; level: 'platform' | 'tenant' | 'project'; permissions: string[] }[]; permissions: string[] }>('v1/access/roles');
