// projectManage: the tenant's projects (name, English and Chinese names, owners, members,
// resources, remark) with search, new, edit, the two quota screens and delete after confirmation;
// a project that still holds resources cannot be deleted (the server says why).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { formatDateTime } from '../../../domain/time-format.ts';
import { useCan } from '../../lib/can.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { deleteProject, listProjects, useScopeKey, type ProjectRow } from './api.ts';
import { Bar, Loading, OrgList, confirmDanger, type Column } from './parts.tsx';
import './org.css';
import { orgKeys } from './query-keys.ts';

export default function ProjectManagePage() {
  const { t } = useTranslation('org');
  const navigate = useNavigate();
  const scopeKey = useScopeKey();
  const can = useCan();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const query = useQuery({ queryKey: orgKeys.projectSearch(scopeKey, name), queryFn: () => listProjects(name) });
  const remove = useMutation({
    mutationFn: (p: ProjectRow) => deleteProject(p.id),
    onSuccess: async () => {
      Toast.show({ content: t('common.deleted') });
      await client.invalidateQueries({ queryKey: orgKeys.projects() });
    },
  });
  const ask = async (p: ProjectRow) => {
    const ok = await confirmDanger(t('project.delete_title'), t('project.delete_confirm', { name: p.name }), t('common.delete'), t('common.cancel'));
    if (ok) remove.mutate(p);
  };
  const columns: Column<ProjectRow>[] = [
    { id: 'name', header: t('project.fields.name'), cell: (p) => p.name, title: true },
    { id: 'name_en', header: t('project.fields.name_en'), cell: (p) => p.name_en },
    { id: 'name_zh', header: t('project.fields.name_zh'), cell: (p) => p.name_zh || '-' },
    {
      id: 'owners',
      header: t('project.fields.owners'),
      cell: (p) => (p.owners.length ? p.owners.map((o) => o.nickname || o.account).join('、') : t('project.no_owner')),
    },
    { id: 'members', header: t('project.fields.members'), cell: (p) => p.member_count },
    { id: 'resources', header: t('project.fields.resources'), cell: (p) => p.resource_count },
    { id: 'remark', header: t('project.fields.remark'), cell: (p) => p.remark || '-' },
    { id: 'created_at', header: t('project.fields.created_at'), cell: (p) => formatDateTime(p.created_at) },
  ];
  const rows = query.data?.data ?? [];
  // the quota screens read the quotas first (read:quota) and save with update:quota
  const hasActions = can('update:project') || can('update:quota') || can('delete:project');
  return (
    <PageFrame name="projectManage" className="ys-org">
      <Bar title={t('project.title')}>
        {can('create:project') && (
          <Button color="primary" onClick={() => navigate('/projectAdd')} data-testid="project-new">
            {t('project.add')}
          </Button>
        )}
      </Bar>
      <form
        className="ys-org__search"
        onSubmit={(e) => {
          e.preventDefault();
          setName(text.trim());
        }}
      >
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('project.search_placeholder')}
          aria-label={t('project.search_placeholder')}
          maxLength={64}
        />
        <Button type="submit">{t('common.search')}</Button>
      </form>
      {query.isPending ? (
        <Loading />
      ) : (
        <>
          <div className="ys-org__usage">{t('project.count', { count: query.data?.count ?? 0 })}</div>
          <OrgList
            testId="project-list"
            columns={columns}
            rows={rows}
            rowKey={(p) => p.id}
            actions={
              hasActions
                ? (p) => (
                    <>
                      {can('update:project') && (
                        <Button size="small" onClick={() => navigate(`/projectAdd?id=${p.id}`)} data-testid="project-edit">
                          {t('common.edit')}
                        </Button>
                      )}
                      {can('update:quota') && (
                        <>
                          <Button size="small" onClick={() => navigate(`/quotaEdit/${p.id}`)} data-testid="project-quota">
                            {t('project.quota_private')}
                          </Button>
                          <Button size="small" onClick={() => navigate(`/quotaPubEdit/${p.id}`)} data-testid="project-quota-public">
                            {t('project.quota_public')}
                          </Button>
                        </>
                      )}
                      {can('delete:project') && (
                        <Button size="small" color="danger" fill="outline" onClick={() => void ask(p)} data-testid="project-delete">
                          {t('common.delete')}
                        </Button>
                      )}
                    </>
                  )
                : undefined
            }
          />
        </>
      )}
    </PageFrame>
  );
}
