// What the object-storage area pages share: the frame (the way back, the title, the tabs between
// 概览 / 存储桶 / 容量包 / 密钥 / 同步管理, an intro), the list states, state tags and dates as
// 2026-11-23 14:05.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd-mobile';
import { formatDateTime } from '../../../domain/time-format.ts';
import { TaskFrame, TaskListState } from '../../ui/task-frame.tsx';
import './oss.css';

export const when = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');

const TABS = [
  { key: 'overview', to: '/ossOverview' },
  { key: 'buckets', to: '/ossBuckets' },
  { key: 'packages', to: '/ossPackages' },
  { key: 'keys', to: '/ossKeys' },
  { key: 'sync', to: '/syncManage' },
] as const;

export function OssFrame({
  page,
  tab,
  intro,
  toolbar,
  children,
}: {
  page: string;
  tab: (typeof TABS)[number]['key'];
  intro?: string;
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('oss');
  return (
    <TaskFrame
      page={page}
      className="ys-oss"
      title={t(`titles.${tab}`)}
      back={{ to: '/ossBuckets', label: t('back_buckets'), testId: 'oss-back' }}
      tabs={TABS.map((x) => ({ ...x, label: t(`tabs.${x.key}`) }))}
      tab={tab}
      tabsLabel={t('tabs_label')}
      intro={intro}
      toolbar={toolbar}
    >
      {children}
    </TaskFrame>
  );
}

export function OssListState(props: { loading: boolean; failed: boolean; empty: boolean; emptyText: string; action?: ReactNode }) {
  const { t } = useTranslation('oss');
  return <TaskListState {...props} loadingText={t('loading')} failedText={t('failed_load')} />;
}

const TONES: Record<string, 'default' | 'primary' | 'success' | 'danger' | 'warning'> = {
  active: 'success',
  disabled: 'default',
  running: 'primary',
  paused: 'warning',
  failed: 'danger',
  succeeded: 'success',
};

/** A key's or a strategy's state in words (oss:state.*). */
export function StateTag({ status }: { status: string }) {
  const { t } = useTranslation('oss');
  return (
    <Tag color={TONES[status] ?? 'default'} fill="outline" className="ys-oss__tag" data-status={status}>
      {t(`state.${status}`)}
    </Tag>
  );
}
