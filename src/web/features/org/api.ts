// The calls of the access-and-organisation pages (issue 15) through the one request helper.
import { useAtomValue } from 'jotai';
import { del, get, getList, post, put } from '../../lib/request.ts';
import { projectAtom, tenantAtom } from '../../lib/store.ts';
import type { QuotaKey } from '../../../domain/approvals/approval.schema.ts';
import type { Cloud, GroupType, ProjectMemberRole, TreeNode } from '../../../domain/org.ts';

export interface UserRef {
  id: string;
  account: string;
  nickname: string;
}
export interface ProjectRow {
  id: string;
  name: string;
  name_en: string;
  name_zh: string;
  remark: string;
  enabled: boolean;
  created_at: string;
  resource_count: number;
  member_count: number;
  owners: UserRef[];
}
export interface ProjectDetail extends Omit<ProjectRow, 'owners' | 'member_count'> {
  owners: string[];
  members: { user_id: string; role: ProjectMemberRole; account: string; nickname: string }[];
}
export interface ProjectBody {
  name: string;
  name_en: string;
  name_zh: string;
  remark: string;
  owner_ids: string[];
}
export interface QuotaLine {
  key: QuotaKey;
  kind: string;
  measure: string;
  limit: number | null;
  default_limit: number | null;
  used: number;
}
export interface QuotaAnswer {
  project: { id: string; name: string; name_zh: string };
  cloud: Cloud;
  enabled: boolean;
  data: QuotaLine[];
}
export interface GroupRow {
  id: string;
  type: GroupType;
  name: string;
  description: string;
  project_id: string;
  project_name: string;
  project_name_zh: string;
  resource_count?: number;
  created_at: string;
}
export interface GroupResource {
  id: string;
  name: string;
  kind: string;
  status: string;
  vendor: string;
  joined_at?: string;
}
export interface TagRow {
  id: string;
  tag_key: string;
  tag_value: string;
  project_id: string | null;
  project_name: string | null;
  project_name_zh: string | null;
  resource_count: number;
  created_at: string;
}

/** Query keys change with the tenant and project picked in the shell. */
export function useScopeKey(): string {
  const tenant = useAtomValue(tenantAtom);
  const project = useAtomValue(projectAtom);
  return `${tenant?.id ?? ''}:${project?.id ?? ''}`;
}

export const listProjects = (name: string) => getList<{ count: number; data: ProjectRow[] }>('v1/manage/projects', { name, __limit: 100 });
export const getProjectDetail = (id: string) => get<ProjectDetail>(`v1/manage/projects/${id}`);
export const listCandidates = () => get<{ data: UserRef[] }>('v1/manage/project-candidates');
export const createProject = (body: ProjectBody) => post<{ id: string }>('v1/manage/projects', body);
export const updateProject = (id: string, body: ProjectBody) => put<{ id: string }>(`v1/manage/projects/${id}`, body);
export const deleteProject = (id: string) => del(`v1/manage/projects/${id}`);

export const getQuotas = (id: string, cloud: Cloud) => get<QuotaAnswer>(`v1/manage/projects/${id}/quotas`, { cloud });
export const saveQuotas = (id: string, cloud: Cloud, limits: Partial<Record<QuotaKey, number | null>>) =>
  put<{ data: QuotaLine[] }>(`v1/manage/projects/${id}/quotas?cloud=${cloud}`, { limits });
export const setQuotaSwitch = (cloud: Cloud, enabled: boolean) => put('v1/manage/quota-switches', { cloud, enabled });

const GROUP_BASE: Record<GroupType, string> = { system: 'v1/systems', resource_group: 'v1/auth/resource_groups' };
export const listGroups = (type: GroupType) => getList<{ data: GroupRow[] }>(GROUP_BASE[type]);
export const getGroup = (type: GroupType, id: string) => get<GroupRow & { resources: GroupResource[] }>(`${GROUP_BASE[type]}/${id}`);
export const groupCandidates = (type: GroupType, id: string) => get<{ data: GroupResource[] }>(`${GROUP_BASE[type]}/${id}/candidates`);
export const createGroup = (type: GroupType, body: { name: string; description: string; project_id: string }) => post<{ id: string }>(GROUP_BASE[type], body);
export const updateGroup = (type: GroupType, id: string, body: { name: string; description: string }) => put(`${GROUP_BASE[type]}/${id}`, body);
export const deleteGroup = (type: GroupType, id: string) => del(`${GROUP_BASE[type]}/${id}`);
export const addGroupResources = (type: GroupType, id: string, ids: string[]) => post(`${GROUP_BASE[type]}/${id}/resources`, { resource_ids: ids });
export const removeGroupResource = (type: GroupType, id: string, rid: string) => del(`${GROUP_BASE[type]}/${id}/resources/${rid}`);

export const listTags = (key: string) => getList<{ data: TagRow[] }>('v1/manage/tags', { tag_key: key });
export const createTag = (body: { tag_key: string; tag_value: string }) => post<{ id: string }>('v1/manage/tags', body);
export const deleteTag = (id: string) => del(`v1/manage/tags/${id}`);

export const getTree = () => get<{ data: TreeNode[] }>('v1/org/tree');
