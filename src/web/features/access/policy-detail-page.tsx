// policiesManageDetail/{id}: a policy's permissions, where it applies (projects included or
// excluded) and to whom it is granted; edit the projects, delete after confirmation.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, ErrorBlock, Selector, Toast } from 'antd-mobile';
import { useCan } from '../../lib/can.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { deletePolicy, getPolicy, listProjects, updatePolicy } from './api.ts';
import { Card, Sheet, permissionLabel } from './parts.tsx';
import { accessKeys } from './query-keys.ts';

export default function PolicyDetailPage() {
  const { t } = useTranslation('access');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const q = useQuery({ queryKey: accessKeys.policy(id), queryFn: () => getPolicy(id) });
  const projects = useQuery({ queryKey: accessKeys.projects(), queryFn: listProjects });
  const [editing, setEditing] = useState(false);
  const [include, setInclude] = useState<string[]>([]);
  const [exclude, setExclude] = useState<string[]>([]);
  const editable = useCan()('manage:policy');
  const p = q.data;
  if (q.isError)
    return (
      <PageFrame name="policiesManageDetail">
        <ErrorBlock status="empty" title={t('policy.empty')} description="" />
      </PageFrame>
    );
  if (!p)
    return (
      <PageFrame name="policiesManageDetail">
        <DotLoading />
      </PageFrame>
    );
  const name = (pid: string) => projects.data?.data.find((x) => x.id === pid)?.name ?? pid;
  const options = (projects.data?.data ?? []).filter((x) => !p.tenant_id || x.tenant_id === p.tenant_id).map((x) => ({ value: x.id, label: x.name }));
  const save = async () => {
    await updatePolicy(id, { include_projects: include, exclude_projects: exclude });
    Toast.show({ content: t('user.done') });
    setEditing(false);
    await client.invalidateQueries({ queryKey: accessKeys.policy(id) });
  };
  const remove = async () => {
    if (!(await Dialog.confirm({ content: t('policy.delete_confirm', { name: p.name }), confirmText: t('policy.delete'), cancelText: t('policy.cancel') })))
      return;
    await deletePolicy(id);
    navigate('/policiesManage');
  };
  return (
    <PageFrame name="policiesManageDetail" className="ys-acc">
      <div className="ys-acc__head">
        <h2>{p.name}</h2>
        <Button fill="none" onClick={() => navigate('/policiesManage')}>
          {t('policy.back')}
        </Button>
      </div>
      {p.description && <p className="ys-acc__line">{p.description}</p>}
      <div className="ys-acc__grid">
        <Card title={t('policy.permissions')} testId="policy-perms">
          {p.permissions.map((perm) => (
            <div key={perm} className="ys-acc__perm">
              {permissionLabel(t, perm)}
            </div>
          ))}
        </Card>
        <Card
          title={t('policy.scope')}
          extra={
            editable ? (
              <Button
                size="small"
                fill="outline"
                color="primary"
                onClick={() => {
                  setInclude(p.include_projects);
                  setExclude(p.exclude_projects);
                  setEditing(true);
                }}
              >
                {t('policy.save')}
              </Button>
            ) : undefined
          }
        >
          <p className="ys-acc__line">
            {t('policy.include_projects')}：{p.include_projects.map(name).join('、') || t('policy.all_scope')}
          </p>
          <p className="ys-acc__line">
            {t('policy.exclude_projects')}：{p.exclude_projects.map(name).join('、') || t('user.none')}
          </p>
        </Card>
        <Card
          title={t('policy.grants')}
          extra={
            editable ? (
              <Button size="small" fill="outline" color="primary" onClick={() => navigate(`/empower?policy=${p.id}`)}>
                {t('policy.empower')}
              </Button>
            ) : undefined
          }
        >
          {p.grants.length === 0 && <p className="ys-acc__muted">{t('user.none')}</p>}
          {p.grants.map((g) => (
            <p key={g.id} className="ys-acc__line">
              {g.group_id ? `${t('empower.target_group')}：${g.group_name}` : `${t('empower.target_user')}：${g.nickname}（${g.account}）`}
            </p>
          ))}
        </Card>
      </div>
      {editable ? (
        <div className="ys-acc__actions">
          <Button color="danger" fill="outline" onClick={() => void remove()}>
            {t('policy.delete')}
          </Button>
        </div>
      ) : null}
      <Sheet open={editing} onClose={() => setEditing(false)}>
        <h3>{t('policy.scope')}</h3>
        <div className="ys-acc__section">
          <h4>{t('policy.include_projects')}</h4>
          <Selector multiple columns={1} value={include} onChange={(v) => setInclude(v)} options={options} />
        </div>
        <div className="ys-acc__section">
          <h4>{t('policy.exclude_projects')}</h4>
          <Selector multiple columns={1} value={exclude} onChange={(v) => setExclude(v)} options={options} />
        </div>
        <div className="ys-acc__actions">
          <Button onClick={() => setEditing(false)}>{t('policy.cancel')}</Button>
          <Button color="primary" onClick={() => void save()}>
            {t('policy.save')}
          </Button>
        </div>
      </Sheet>
    </PageFrame>
  );
}
