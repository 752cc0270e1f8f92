// The frame of a bucket's pages: the way back to the bucket list, the bucket's name, and the tabs
// 概览 / 文件 / 同步 / 备份 as routes (/ossBucketsDetail/<tab>/<id>), so a reload or a shared link
// opens the same tab. Also what the pages share: the object-storage texts (the `oss` namespace,
// loaded with this chunk), list states, state tags, the rules checked as typed, dates.
import { use, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Tabs, Tag } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { formatDateTime } from '../../../domain/time-format.ts';
import { loadNamespace } from '../../lib/i18n.ts';
import { get } from '../../lib/request.ts';
import { TaskListState } from '../../ui/task-frame.tsx';
import type { RuleCheck } from './bucket-rules.ts';
import './oss-bucket.css';

const texts = loadNamespace('oss');
/** Waits (suspends) for the object-storage texts the first time a bucket page draws. */
export function useOssTexts() {
  use(texts);
  return useTranslation('oss');
}

export const when = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');

export const TABS = ['outline', 'file', 'sync', 'backup'] as const;
export type BucketTab = (typeof TABS)[number];
export const tabPath = (tab: string, id: string, sid?: string) => `/ossBucketsDetail/${tab}/${id}${sid ? `?sid=${sid}` : ''}`;

export interface BucketRow {
  id: string;
  name: string;
  status: string;
  spec: Record<string, unknown>;
}
export const bucketQueryKey = (id: string) => ['oss', 'bucket', id] as const;
export const getBucket = (id: string) => get<BucketRow>(`oss-buckets/${id}`, undefined, { isNeedloading: false, notice: false });

export function BucketFrame({ id, tab, children }: { id: string; tab: BucketTab; children: ReactNode }) {
  const { t } = useOssTexts();
  const navigate = useNavigate();
  const q = useQuery({ queryKey: bucketQueryKey(id), queryFn: () => getBucket(id), staleTime: 10_000 });
  if (q.isError) {
    return (
      <div className="ys-ossb__state" data-testid="bucket-missing">
        <p>{t('bucket.missing')}</p>
        <Link className="ys-ossb__link" to="/ossBuckets">
          {t('back_buckets')}
        </Link>
      </div>
    );
  }
  return (
    <div className="ys-ossb" data-tab={tab} data-id={id}>
      <div className="ys-ossb__bar">
        <Link to="/ossBuckets" className="ys-ossb__back" aria-label={t('back_buckets')} data-testid="bucket-back">
          <LeftOutline fontSize={18} />
        </Link>
        <h1 className="ys-ossb__name" data-testid="bucket-name">
          {q.data?.name ?? '…'}
        </h1>
      </div>
      <Tabs activeKey={tab} className="ys-ossb__tabs" stretch onChange={(key) => key !== tab && navigate(tabPath(key, id), { replace: true })}>
        {TABS.map((x) => (
          <Tabs.Tab key={x} title={<span data-testid={`bucket-tab-${x}`}>{t(`bucket.tabs.${x}`)}</span>} />
        ))}
      </Tabs>
      {children}
    </div>
  );
}

export function OssState(props: { loading: boolean; failed: boolean; empty: boolean; emptyText: string; action?: ReactNode }) {
  const { t } = useOssTexts();
  return <TaskListState {...props} loadingText={t('loading')} failedText={t('failed_load')} />;
}

const TONES: Record<string, 'default' | 'primary' | 'success' | 'danger' | 'warning'> = {
  running: 'primary',
  paused: 'warning',
  failed: 'danger',
  succeeded: 'success',
  enabled: 'success',
  disabled: 'default',
};

export function StateTag({ status }: { status: string }) {
  const { t } = useOssTexts();
  return (
    <Tag color={TONES[status] ?? 'default'} fill="outline" className="ys-ossb__tag" data-status={status}>
      {t(`state.${status}`)}
    </Tag>
  );
}

/** Every rule of a value with ✓ or ✕, updated as the user types (oss:rules.*). */
export function RuleList({ checks, touched, testid }: { checks: readonly RuleCheck[]; touched: boolean; testid?: string }) {
  const { t } = useOssTexts();
  return (
    <ul className="ys-ossb__rules" data-testid={testid}>
      {checks.map((c) => (
        <li key={c.key} className={!touched ? '' : c.ok ? 'is-ok' : 'is-bad'} data-ok={touched ? c.ok : undefined}>
          <span aria-hidden="true">{!touched ? '·' : c.ok ? '✓' : '✕'}</span> {t(`rules.${c.key}`, c.params)}
        </li>
      ))}
    </ul>
  );
}

/** Pages of a bucket opened without its id (/ossBucketsDetail/syncConfig) have nothing to show. */
export function NoBucket() {
  const { t } = useOssTexts();
  return (
    <div className="ys-ossb__state" data-testid="bucket-none">
      <p>{t('bucket.pick_first')}</p>
      <Link className="ys-ossb__link" to="/ossBuckets">
        {t('back_buckets')}
      </Link>
    </div>
  );
}
