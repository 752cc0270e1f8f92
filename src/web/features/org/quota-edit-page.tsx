// quotaEdit/{id} (private cloud) and quotaPubEdit/{id} (public cloud): each limit of the project
// beside what it uses now. Private limits are the engine's overall limits (purchases, expansions and
// approved quota changes are checked against them); public limits cap the public vendors. While the
// tenant's quota of that cloud is off the screen is read-only and says why.
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import type { QuotaKey } from '../../../domain/approvals/approval.schema.ts';
import type { Cloud } from '../../../domain/org.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { getQuotas, saveQuotas, useScopeKey, type QuotaLine } from './api.ts';
import { useCan } from '../../lib/can.ts';
import { Bar, Loading, Nothing } from './parts.tsx';
import './org.css';
import { orgKeys } from './query-keys.ts';

export default function QuotaEditPage() {
  const { t } = useTranslation('org');
  const navigate = useNavigate();
  const client = useQueryClient();
  const scopeKey = useScopeKey();
  const editable = useCan()('update:quota');
  const { id = '' } = useParams();
  const route = usePageHandle()?.name === 'quotaPubEdit' ? 'quotaPubEdit' : 'quotaEdit';
  const cloud: Cloud = route === 'quotaPubEdit' ? 'public' : 'private';
  const query = useQuery({ queryKey: orgKeys.quotas(scopeKey, id, cloud), queryFn: () => getQuotas(id, cloud), retry: false });
  const [values, setValues] = useState<Partial<Record<QuotaKey, string>>>({});
  useEffect(() => {
    if (query.data) setValues(Object.fromEntries(query.data.data.map((l) => [l.key, l.limit === null ? '' : String(l.limit)])));
  }, [query.data]);
  const save = useMutation({
    mutationFn: () =>
      saveQuotas(
        id,
        cloud,
        Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' || v === undefined ? null : Number(v)])) as Partial<
          Record<QuotaKey, number | null>
        >,
      ),
    onSuccess: async () => {
      Toast.show({ content: t('common.saved') });
      await client.invalidateQueries({ queryKey: orgKeys.quotasAll() });
    },
  });
  const data = query.data;
  const limitText = (l: QuotaLine) => ((l.limit ?? l.default_limit ?? null) === null ? t('quota.unlimited') : String(l.limit ?? l.default_limit));
  return (
    <PageFrame name={route} className="ys-org">
      <Bar title={t(cloud === 'public' ? 'quota.title_public' : 'quota.title_private')}>
        <Button onClick={() => navigate('/projectManage')}>{t('common.back')}</Button>
      </Bar>
      {query.isPending ? (
        <Loading />
      ) : !data ? (
        <Nothing text={t('common.not_found')} />
      ) : (
        <>
          <div
            className="ys-org__usage"
            data-testid="quota-project"
          >{`${t('quota.project')}：${data.project.name}${data.project.name_zh ? `（${data.project.name_zh}）` : ''}`}</div>
          <div className="ys-org__note">{t(cloud === 'public' ? 'quota.public_note' : 'quota.private_note')}</div>
          {!data.enabled && (
            <div className="ys-org__warn" role="alert" data-testid="quota-disabled">
              {t('quota.switch_off')}
            </div>
          )}
          <form
            className="ys-org__quota"
            onSubmit={(e) => {
              e.preventDefault();
              if (editable) save.mutate();
            }}
          >
            {data.data.map((l) => {
              const limit = l.limit ?? l.default_limit;
              const pct = limit ? Math.min(100, Math.round((l.used / limit) * 100)) : 0;
              const over = limit !== null && l.used > limit;
              return (
                <div key={l.key} className="ys-org__quota-row" data-testid={`quota-${l.key}`}>
                  <span className="ys-org__quota-name">{t(`quota.keys.${l.key}`)}</span>
                  <div>
                    <div className={`ys-org__bar-meter${over ? ' ys-org__bar-meter--over' : ''}`} aria-hidden="true">
                      <span style={{ width: `${limit === null ? 0 : limit === 0 ? 100 : pct}%` }} />
                    </div>
                    <span className="ys-org__usage">
                      {t('quota.usage', { used: l.used, limit: limitText(l) })}
                      {over ? `（${t('quota.over')}）` : ''}
                    </span>
                  </div>
                  <label className="ys-org__field">
                    <span className="ys-org__usage">
                      {l.limit === null && l.default_limit !== null ? t('quota.default_limit', { n: l.default_limit }) : t('quota.limit')}
                    </span>
                    <input
                      inputMode="numeric"
                      value={values[l.key] ?? ''}
                      placeholder={t('quota.placeholder')}
                      disabled={!data.enabled}
                      readOnly={!editable}
                      onChange={(e) => setValues((v) => ({ ...v, [l.key]: e.target.value.replace(/[^0-9]/g, '').slice(0, 6) }))}
                      aria-label={t(`quota.keys.${l.key}`)}
                      data-testid={`quota-input-${l.key}`}
                    />
                  </label>
                </div>
              );
            })}
            {editable && (
              <div className="ys-org__bar-actions">
                <Button color="primary" type="submit" disabled={!data.enabled} loading={save.isPending} data-testid="quota-save">
                  {t('common.save')}
                </Button>
              </div>
            )}
          </form>
        </>
      )}
    </PageFrame>
  );
}
