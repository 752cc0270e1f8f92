// logManage: the operation log — who did what to which resource, when, from which IP, with what
// result — searchable by user, resource, action, result and time range, cursor-paged, exported as
// .xlsx (an export task; the file appears under 下载记录). Cards on a phone, a table from 768px.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { Toast } from '../../ui/light/toast.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { exportLogs, listLogs, logActions, type OplogFilters } from './api.ts';
import { OplogCards, OplogTable } from './oplog-lines.tsx';
import './notify.css';
import { notifyKeys } from './query-keys.ts';

const RANGES = { all: 0, '1d': 1, '7d': 7, '30d': 30 } as const;
type Range = keyof typeof RANGES;
interface Form {
  user: string;
  resource: string;
  action: string;
  result: OplogFilters['result'];
  range: Range;
}
const EMPTY: Form = { user: '', resource: '', action: '', result: '', range: 'all' };

function toFilters(f: Form): OplogFilters {
  const days = RANGES[f.range];
  return {
    user: f.user.trim(),
    resource: f.resource.trim(),
    action: f.action,
    result: f.result,
    from: days ? new Date(Date.now() - days * 86_400_000).toISOString() : '',
    to: '',
  };
}

const activeCount = (f: OplogFilters) => [f.user, f.resource, f.action, f.result, f.from].filter(Boolean).length;

export default function OplogPage() {
  const { t } = useTranslation('notify');
  const bp = useBreakpoint();
  const [form, setForm] = useState<Form>(EMPTY);
  // A phone keeps the search folded behind 筛选 so the lines come first.
  const [folded, setFolded] = useState(true);
  const [applied, setApplied] = useState<OplogFilters>(() => toFilters(EMPTY));
  const actions = useQuery({ queryKey: notifyKeys.oplogActions(), queryFn: logActions, staleTime: 60_000 });
  const q = useInfiniteQuery({
    queryKey: notifyKeys.oplogList(applied),
    queryFn: ({ pageParam, signal }) => listLogs(applied, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const lines = useMemo(() => (q.data?.pages ?? []).flatMap((p) => p.data), [q.data]);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((prev) => ({ ...prev, [k]: v }));
  const search = () => {
    setApplied(toFilters(form));
    setFolded(true);
  };
  const reset = () => {
    setForm(EMPTY);
    setApplied(toFilters(EMPTY));
  };
  const doExport = async () => {
    await exportLogs(applied);
    Toast.show({ content: t('oplog.export_queued') });
  };

  const filters =
    bp === 'phone' && folded ? (
      <div className="ys-oplog__fold">
        <Button onClick={() => setFolded(false)} data-testid="oplog-filters-open">
          {t('oplog.filters')}
          {activeCount(applied) > 0 ? `（${activeCount(applied)}）` : ''}
        </Button>
        <Button onClick={() => void doExport()} data-testid="oplog-export">
          {t('oplog.export')}
        </Button>
      </div>
    ) : (
      <form
        className="ys-oplog__filters"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
        data-testid="oplog-filters"
      >
        <label className="ys-oplog__field">
          {t('oplog.columns.user')}
          <input value={form.user} onChange={(e) => set('user', e.target.value)} placeholder={t('oplog.search_user')} maxLength={64} data-testid="oplog-user" />
        </label>
        <label className="ys-oplog__field">
          {t('oplog.resource')}
          <input
            value={form.resource}
            onChange={(e) => set('resource', e.target.value)}
            placeholder={t('oplog.search_resource')}
            maxLength={100}
            data-testid="oplog-resource"
          />
        </label>
        <label className="ys-oplog__field">
          {t('oplog.action')}
          <select value={form.action} onChange={(e) => set('action', e.target.value)} data-testid="oplog-action">
            <option value="">{t('oplog.all_actions')}</option>
            {(actions.data?.data ?? []).map((a) => (
              <option key={a.code} value={a.code}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <label className="ys-oplog__field">
          {t('oplog.range.label')}
          <select value={form.range} onChange={(e) => set('range', e.target.value as Range)}>
            {(Object.keys(RANGES) as Range[]).map((r) => (
              <option key={r} value={r}>
                {t(`oplog.range.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="ys-oplog__field">
          {t('oplog.columns.result')}
          <select value={form.result} onChange={(e) => set('result', e.target.value as Form['result'])}>
            <option value="">{t('oplog.result_filter.all')}</option>
            <option value="true">{t('oplog.result_filter.success')}</option>
            <option value="false">{t('oplog.result_filter.failure')}</option>
          </select>
        </label>
        <div className="ys-oplog__buttons">
          <Button color="primary" type="submit" data-testid="oplog-search">
            {t('oplog.search')}
          </Button>
          <Button onClick={reset}>{t('oplog.reset')}</Button>
          <Button onClick={() => void doExport()} data-testid="oplog-export">
            {t('oplog.export')}
          </Button>
        </div>
      </form>
    );

  let body;
  if (q.isPending) body = <DotLoading />;
  else if (!lines.length) body = <ErrorBlock status="empty" title={t('oplog.empty')} description="" />;
  else if (bp === 'phone') body = <OplogCards lines={lines} />;
  else body = <OplogTable lines={lines} />;

  return (
    <PageFrame name="logManage" className="ys-oplog">
      {filters}
      {body}
      {lines.length > 0 && (
        <div className="ys-oplog__more">
          {q.hasNextPage ? (
            <Button loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()} data-testid="oplog-more">
              {t('oplog.load_more')}
            </Button>
          ) : (
            <span className="ys-msg-end">{t('oplog.no_more')}</span>
          )}
        </div>
      )}
    </PageFrame>
  );
}
