// The frame of an instance's 参数设置 / 插件 / 监控 / 表空间 pages (ADR 0058): the way back to the
// instance's detail, its name, the four pages side by side, and what a page says when the instance
// cannot show it (another engine, not running). The monitor shows any instance: its past is drawn.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LeftOutline } from 'antd-mobile-icons';
import { listKindOf } from '../../../domain/kinds/list-kind.ts';
import { isSqlConsoleEngine } from '../../../domain/kinds/db-instance/db-instance.rules.ts';
import { getResource } from '../../features/resources/api.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import { detailPath, statusLabel, type Resource } from '../../features/resources/kind-meta.ts';
import { SpinLoading } from '../../ui/light/spin-loading.tsx';
import { OPS_PAGES, opsPath, type OpsPage } from './ops-api.ts';
import './ops.css';

export const O = 'kinds:db_instance.ops';

export function OpsFrame(props: { id: string; page: OpsPage; anyEngine?: boolean; children: (row: Resource) => ReactNode }) {
  const { t } = useTranslation();
  const def = listKindOf('db_instance')!;
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, props.id), queryFn: () => getResource(def, props.id) });
  const row = q.data;
  let body: ReactNode;
  if (q.isPending) body = <OpsState loading text={t(`${O}.loading`)} />;
  else if (q.isError || !row) body = <OpsState text={t(`${O}.instance_failed`)} />;
  else if (!props.anyEngine && !isSqlConsoleEngine(row.spec.engine)) body = <OpsState text={t(`${O}.unsupported`)} testId="dbops-unsupported" />;
  else if (!props.anyEngine && row.status !== 'running')
    body = <OpsState text={t(`${O}.not_running`, { status: statusLabel(t, row.status) })} testId="dbops-not-running" />;
  else body = props.children(row);
  return (
    <div className="ys-ops" data-testid={`dbops-${props.page}`}>
      <header className="ys-ops__head">
        <Link to={detailPath(def, props.id) ?? '/database'} className="ys-ops__back" data-testid="dbops-back">
          <LeftOutline aria-hidden="true" /> {t(`${O}.back`)}
        </Link>
        <h1 className="ys-ops__title">
          {t(`${O}.pages.${OPS_PAGES.find((p) => p.route === props.page)!.key}`)}
          {row ? <span className="ys-ops__inst">{row.name}</span> : null}
        </h1>
      </header>
      <nav className="ys-ops__tabs" aria-label={t(`${O}.nav`)}>
        {OPS_PAGES.map((p) => (
          <Link
            key={p.route}
            to={opsPath(p.route, props.id)}
            replace
            className="ys-ops__tab"
            aria-current={p.route === props.page ? 'page' : undefined}
            data-testid={`dbops-tab-${p.key}`}
          >
            {t(`${O}.pages.${p.key}`)}
          </Link>
        ))}
      </nav>
      {body}
    </div>
  );
}

export function OpsState({ text, loading, testId }: { text: string; loading?: boolean; testId?: string }) {
  return (
    <div className="ys-ops__state" data-testid={testId}>
      {loading ? <SpinLoading /> : null} {text}
    </div>
  );
}

/** A write's refusal as the page shows it: the server's description, else the generic text. */
export function refusalText(err: unknown, fallback: string): string {
  const body = (err as { body?: { description?: string } } | null)?.body;
  return body?.description || fallback;
}
