// empower: grant a policy to users and user groups of the tenant (?policy=<id> preselects it), and
// the grants so far with 取消授权.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, ErrorBlock, Selector, Toast } from 'antd-mobile';
import { useCan } from '../../lib/can.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { formatDateTime } from '../../../domain/time-format.ts';
import { grant, listGrants, listGroups, listPolicies, listUsers, revoke } from './api.ts';
import { Card } from './parts.tsx';
import { accessKeys } from './query-keys.ts';

export default function EmpowerPage() {
  const { t } = useTranslation('access');
  const client = useQueryClient();
  const [params] = useSearchParams();
  const policies = useQuery({ queryKey: accessKeys.policies(), queryFn: listPolicies });
  const users = useQuery({ queryKey: accessKeys.userSearch(''), queryFn: () => listUsers('') });
  const groups = useQuery({ queryKey: accessKeys.groups(), queryFn: listGroups });
  const grants = useQuery({ queryKey: accessKeys.grants(), queryFn: listGrants });
  const [policy, setPolicy] = useState<string>(params.get('policy') ?? '');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const editable = useCan()('manage:policy');
  const chosen = policy || policies.data?.data[0]?.id || '';
  const submit = async () => {
    if (!chosen || userIds.length + groupIds.length === 0) return;
    setBusy(true);
    try {
      await grant({ policy_id: chosen, user_ids: userIds, group_ids: groupIds });
      Toast.show({ content: t('empower.done') });
      setUserIds([]);
      setGroupIds([]);
      await client.invalidateQueries({ queryKey: accessKeys.grants() });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: string, target: string, name: string) => {
    if (
      !(await Dialog.confirm({
        content: t('empower.revoke_confirm', { target, policy: name }),
        confirmText: t('empower.revoke'),
        cancelText: t('policy.cancel'),
      }))
    )
      return;
    await revoke(id);
    await client.invalidateQueries({ queryKey: accessKeys.grants() });
  };
  return (
    <PageFrame name="empower" className="ys-acc">
      <div className="ys-acc__head">
        <h2>{t('empower.title')}</h2>
      </div>
      {editable ? (
        <>
          <div className="ys-acc__grid">
            <Card title={t('empower.policy')}>
              {policies.isPending ? (
                <DotLoading />
              ) : (
                <Selector
                  columns={1}
                  value={[chosen]}
                  onChange={(v) => v[0] && setPolicy(v[0])}
                  options={(policies.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                  data-testid="empower-policy"
                />
              )}
            </Card>
            <Card title={t('empower.groups')}>
              <Selector
                multiple
                columns={1}
                value={groupIds}
                onChange={setGroupIds}
                options={(groups.data?.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
                data-testid="empower-groups"
              />
            </Card>
            <Card title={t('empower.users')}>
              <Selector
                multiple
                columns={1}
                value={userIds}
                onChange={setUserIds}
                options={(users.data?.data ?? []).map((u) => ({ value: u.id, label: `${u.nickname}（${u.account}）` }))}
                data-testid="empower-users"
              />
            </Card>
          </div>
          <div className="ys-acc__actions">
            <Button
              color="primary"
              loading={busy}
              disabled={!chosen || userIds.length + groupIds.length === 0}
              onClick={() => void submit()}
              data-testid="empower-submit"
            >
              {t('empower.submit')}
            </Button>
          </div>
        </>
      ) : null}
      <div className="ys-acc__section">
        <h4>{t('empower.list')}</h4>
        {grants.isPending ? (
          <DotLoading />
        ) : !grants.data?.data.length ? (
          <ErrorBlock status="empty" title={t('empower.empty')} description="" />
        ) : (
          <div className="ys-acc__grid" data-testid="grant-list">
            {grants.data.data.map((g) => {
              const target = g.group_id ? `${t('empower.target_group')}：${g.group_name}` : `${t('empower.target_user')}：${g.nickname}（${g.account}）`;
              return (
                <Card
                  key={g.id}
                  testId="grant-card"
                  title={g.policy_name}
                  extra={
                    editable ? (
                      <Button size="small" color="danger" fill="outline" onClick={() => void remove(g.id, target, g.policy_name)}>
                        {t('empower.revoke')}
                      </Button>
                    ) : undefined
                  }
                >
                  <p className="ys-acc__line">{target}</p>
                  <p className="ys-acc__muted">{formatDateTime(g.created_at)}</p>
                </Card>
              );
            })}
          </div>
        )}
      </div>
    </PageFrame>
  );
}
