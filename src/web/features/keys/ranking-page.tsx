// akskRanking (keys by calls) and actionRanking (actions by signed calls) over 7, 30 or 90 days.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Selector } from 'antd-mobile';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { actionRanking, keyRanking } from './api.ts';
import { actionLabel } from './labels.ts';
import { Loading, LoadFailed } from './parts.tsx';
import './keys.css';
import { keyKeys } from './query-keys.ts';

export default function RankingPage() {
  const handle = usePageHandle();
  const name = handle?.name === 'actionRanking' ? 'actionRanking' : 'akskRanking';
  const { t } = useTranslation('keys');
  const navigate = useNavigate();
  const [days, setDays] = useState(30);
  const keys = useQuery({ queryKey: keyKeys.keyRanking(days), queryFn: () => keyRanking(days), enabled: name === 'akskRanking' });
  const actions = useQuery({ queryKey: keyKeys.actionRanking(days), queryFn: () => actionRanking(days), enabled: name === 'actionRanking' });
  const q = name === 'akskRanking' ? keys : actions;
  const rows =
    name === 'akskRanking'
      ? (keys.data?.data ?? []).map((r) => ({
          key: r.id,
          rank: r.rank,
          title: r.access_key,
          sub: `${r.owner.nickname}${r.description ? ` · ${r.description}` : ''}`,
          calls: r.calls,
          to: `/accessKeyDetail/${r.id}`,
        }))
      : (actions.data?.data ?? []).map((r) => ({
          key: r.action,
          rank: r.rank,
          title: actionLabel(r.action, t),
          sub: `${r.action} · ${t('ranking.keys', { n: r.keys })}`,
          calls: r.calls,
          to: null,
        }));
  const max = Math.max(1, ...rows.map((r) => r.calls));
  return (
    <PageFrame name={name} className="ys-keys">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-page__title">{t(name === 'akskRanking' ? 'title.key_ranking' : 'title.action_ranking')}</h1>
      <div className="ys-keys__toolbar">
        <Selector
          value={[String(days)]}
          onChange={(v) => v[0] && setDays(Number(v[0]))}
          options={[7, 30, 90].map((d) => ({ label: t('ranking.days', { n: d }), value: String(d) }))}
        />
      </div>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadFailed retry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <p className="ys-keys__muted">{t('ranking.empty')}</p>
      ) : (
        <div data-testid="ranking">
          {rows.map((r) => (
            <div
              key={r.key}
              className="ys-keys__rank"
              role={r.to ? 'link' : undefined}
              tabIndex={r.to ? 0 : undefined}
              onClick={r.to ? () => navigate(r.to) : undefined}
              onKeyDown={r.to ? (e) => e.key === 'Enter' && navigate(r.to) : undefined}
            >
              <strong>{r.rank}</strong>
              <div>
                <div className={name === 'akskRanking' ? 'ys-keys__mono' : undefined}>{r.title}</div>
                <div className="ys-keys__muted">{r.sub}</div>
                <div className="ys-keys__bar" style={{ width: `${Math.round((r.calls / max) * 100)}%` }} />
              </div>
              <span>{t('ranking.calls', { n: r.calls.toLocaleString('zh-CN') })}</span>
            </div>
          ))}
        </div>
      )}
    </PageFrame>
  );
}
