// A bucket's 概览 tab (ossBucketsDetail_outline/<id>): what it is (storage class, ACL, referer list,
// capacity package), what it holds (used capacity, objects), its actions from the kind (set ACL, set
// referer, delete — the derived forms), and its lifecycle rules.
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { listKindOf, type ListKind } from '../../../domain/kinds/list-kind.ts';
import { useActionRunner } from '../../features/resources/actions.tsx';
import { getResource } from '../../features/resources/api.ts';
import { actionBlock, actionLabel, displayValue, fieldLabel, menuActions, type Resource } from '../../features/resources/kind-meta.ts';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { settlePoll } from '../../features/resources/live.ts';
import { StatusBadge } from '../../features/resources/parts.tsx';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import { byteSize } from '../../lib/byte-size.ts';
import { BucketFrame, NoBucket, useOssTexts, when } from './bucket-frame.tsx';
import { LifecycleSection } from './lifecycle.tsx';
import { Facts } from './strategy-parts.tsx';

export const BUCKET_KIND = 'oss_bucket';

function referersText(row: Resource, t: (k: string) => string): string {
  const list = row.spec.referers;
  const names = Array.isArray(list) ? list.map(String) : typeof list === 'string' && list ? list.split(/[,\s]+/).filter(Boolean) : [];
  return names.length ? names.join('、') : t('oss:bucket.no_referers');
}

function Summary({ def, row }: { def: ListKind; row: Resource }) {
  const { t } = useOssTexts();
  const { t: tk } = useTranslation();
  const runner = useActionRunner(def);
  const actions = row.status === 'removed' ? [] : menuActions(def).filter((a) => actionBlock(def, a, row) === null);
  const packageId = typeof row.spec.package_id === 'string' ? row.spec.package_id : '';
  const refererType = String(row.spec.referer_type ?? 'none');
  return (
    <section className="ys-ossb__panel" data-testid="bucket-outline">
      <div className="ys-ossb__usage">
        <div>
          <span className="ys-ossb__muted">{t('bucket.used')}</span>
          <strong data-testid="bucket-used">{byteSize(Number(row.spec.used_bytes ?? 0))}</strong>
        </div>
        <div>
          <span className="ys-ossb__muted">{t('bucket.objects')}</span>
          <strong data-testid="bucket-objects">{Number(row.spec.object_count ?? 0).toLocaleString('zh-CN')}</strong>
        </div>
      </div>
      <Facts
        rows={[
          [fieldLabel(tk, def, 'status'), <StatusBadge key="s" def={def} status={row.status} />],
          [fieldLabel(tk, def, 'storage_class'), displayValue(tk, def, row, 'storage_class')],
          [fieldLabel(tk, def, 'acl'), displayValue(tk, def, row, 'acl')],
          [fieldLabel(tk, def, 'referer_type'), displayValue(tk, def, row, 'referer_type')],
          ...(refererType === 'none'
            ? []
            : [
                [fieldLabel(tk, def, 'referers'), referersText(row, t)] as const,
                [fieldLabel(tk, def, 'allow_empty_referer'), displayValue(tk, def, row, 'allow_empty_referer')] as const,
              ]),
          [
            fieldLabel(tk, def, 'package_name'),
            packageId ? (
              <Link key="p" className="ys-ossb__link" to={`/ossPackagesDetail/${packageId}`}>
                {String(row.spec.package_name ?? t('bucket.package'))}
              </Link>
            ) : (
              '—'
            ),
          ],
          [t('col.created'), when(row.created_at)],
        ]}
      />
      {actions.length ? (
        <div className="ys-ossb__actions">
          {actions.map((a) => (
            <Button
              key={a.id}
              size="small"
              fill="outline"
              color={a.id === 'delete' ? 'danger' : 'primary'}
              onClick={() => runner.run(a, [row])}
              data-action={a.id}
            >
              {actionLabel(tk, def, a.id)}
            </Button>
          ))}
        </div>
      ) : null}
      {runner.element}
    </section>
  );
}

function Outline({ id }: { id: string }) {
  const def = listKindOf(BUCKET_KIND);
  const q = useQuery({
    queryKey: resourceKeys.detail(BUCKET_KIND, id),
    queryFn: () => getResource(def!, id),
    enabled: Boolean(def),
    refetchInterval: settlePoll,
  });
  if (q.data?.status === 'removed') return <Navigate to="/ossBuckets" replace />;
  return (
    <>
      {def && q.data ? <Summary def={def} row={q.data} /> : <Skeleton.Paragraph lineCount={6} animated />}
      <LifecycleSection bucketId={id} />
    </>
  );
}

export function OutlinePage({ id }: KindPageProps) {
  if (!id) return <Navigate to="/ossBuckets" replace />;
  return (
    <BucketFrame id={id} tab="outline">
      <Outline id={id} />
    </BucketFrame>
  );
}

/** /ossBucketsDetail without a tab or an id: the way to the bucket list (the address stays, as every route's sample does). */
export function BareDetail() {
  return <NoBucket />;
}
