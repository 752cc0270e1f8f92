// Project spending limits (projectLimitManage): each project's spend this month against its monthly
// limit; a tenant admin sets or clears a limit. Crossing it sends one site message a month to the
// tenant admins and the project's owners (purchases are not refused).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Input, Toast } from 'antd-mobile';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { clearProjectLimit, projectLimits, setProjectLimit, type LimitRow } from './api.ts';
import { yuan } from './format.ts';
import { Empty, Failed, Loading, Tag } from './parts.tsx';
import './orders.css';
import { orderKeys } from './query-keys.ts';

function LimitEditor({ row, onDone }: { row: LimitRow; onDone: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(row.monthly_limit_fen === null ? '' : (row.monthly_limit_fen / 100).toFixed(2));
  const save = useMutation({
    mutationFn: () => setProjectLimit(row.project_id, value.trim()),
    onSuccess: (r) => {
      Toast.show({ content: (r as { warned?: boolean }).warned ? t('orders:limit.saved_over') : t('orders:limit.saved') });
      onDone();
    },
  });
  return (
    <form
      className="ys-ord__row"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Input
        aria-label={t('orders:limit.input_label', { project: row.project_name })}
        value={value}
        onChange={setValue}
        inputMode="decimal"
        placeholder={t('orders:limit.placeholder')}
        style={{ flex: '1 1 140px', minHeight: 44, border: '1px solid var(--ys-border)', borderRadius: 8, padding: '0 10px' }}
      />
      <Button type="submit" color="primary" size="small" loading={save.isPending} disabled={!value.trim()} data-testid="limit-save">
        {t('orders:limit.save')}
      </Button>
    </form>
  );
}

export default function ProjectLimitPage() {
  const handle = usePageHandle();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: orderKeys.projectLimits(), queryFn: projectLimits });
  const [editing, setEditing] = useState<string | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: orderKeys.projectLimits() });
  const clear = useMutation({ mutationFn: (id: string) => clearProjectLimit(id), onSuccess: refresh });
  const askClear = async (r: LimitRow) => {
    if (await Dialog.confirm({ title: t('orders:limit.clear_title'), content: t('orders:limit.clear_content', { project: r.project_name }) }))
      clear.mutate(r.project_id);
  };
  return (
    <PageFrame name="projectLimitManage" className="ys-ord">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-ord__title">{t('routes:projectLimitManage')}</h1>
      <p className="ys-ord__hint">{t('orders:limit.hint')}</p>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed retry={() => void q.refetch()} />
      ) : q.data.data.length === 0 ? (
        <Empty>{t('orders:limit.empty')}</Empty>
      ) : (
        <div className="ys-ord__grid" data-testid="limits">
          {q.data.data.map((r) => (
            <div key={r.project_id} className="ys-ord__card" data-project={r.project_id}>
              <span className="ys-ord__card-head">
                <span className="ys-ord__name">{r.project_name}</span>
                {r.monthly_limit_fen === null ? (
                  <Tag kind="none">{t('orders:limit.none')}</Tag>
                ) : r.over ? (
                  <Tag kind="over_limit">{t('orders:limit.over')}</Tag>
                ) : (
                  <Tag kind="normal">{t('orders:limit.within')}</Tag>
                )}
              </span>
              <span className="ys-ord__meta">
                {t('orders:limit.spent', { month: q.data.month, amount: yuan(r.spent_fen) })}
                {r.monthly_limit_fen !== null ? ` · ${t('orders:limit.limit', { amount: yuan(r.monthly_limit_fen) })}` : ''}
              </span>
              {r.ratio !== null ? (
                <div className={`ys-ord__bar${r.over ? ' ys-ord__bar--over' : ''}`} role="img" aria-label={t('orders:limit.ratio', { n: r.ratio })}>
                  <i style={{ width: `${Math.min(100, Math.max(1, r.ratio))}%` }} />
                </div>
              ) : null}
              {editing === r.project_id ? (
                <LimitEditor
                  row={r}
                  onDone={() => {
                    setEditing(null);
                    refresh();
                  }}
                />
              ) : (
                <span className="ys-ord__row">
                  <Button size="small" color="primary" fill="outline" onClick={() => setEditing(r.project_id)}>
                    {r.monthly_limit_fen === null ? t('orders:limit.set') : t('orders:limit.edit')}
                  </Button>
                  {r.monthly_limit_fen !== null ? (
                    <Button size="small" fill="none" onClick={() => void askClear(r)}>
                      {t('orders:limit.clear')}
                    </Button>
                  ) : null}
                </span>
              )}
            </div>
          ))}
        </div>
      )}
    </PageFrame>
  );
}
