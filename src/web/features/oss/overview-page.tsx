// ossOverview: the project's object storage at a glance — buckets, objects, used capacity (of the
// packages' capacity), packages and keys — each figure leading to its list, the S3 address for
// tools, and the next step when there is nothing yet.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { byteSize } from '../../lib/byte-size.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { countPackages, getOverview, type OssOverview } from './api.ts';
import { OssFrame, OssListState } from './parts.tsx';
import { ossKeys } from './query-keys.ts';

interface Figure {
  key: string;
  value: string;
  note?: string;
  to?: string;
}

function figuresOf(o: OssOverview, packages: number | undefined, t: (k: string, o?: Record<string, unknown>) => string): Figure[] {
  const cap = o.package_capacity_bytes ? t('overview.of_capacity', { cap: byteSize(o.package_capacity_bytes) }) : t('overview.no_capacity');
  return [
    { key: 'buckets', value: String(o.bucket_count), to: '/ossBuckets' },
    { key: 'objects', value: o.object_count.toLocaleString('zh-CN') },
    { key: 'used', value: byteSize(o.used_bytes), note: cap },
    { key: 'packages', value: packages === undefined ? '—' : String(packages), to: '/ossPackages' },
    { key: 'keys', value: String(o.key_count), to: '/ossKeys' },
  ];
}

function FigureCard({ f }: { f: Figure }) {
  const { t } = useTranslation('oss');
  const body = (
    <>
      <span className="ys-oss__figlabel">{t(`overview.figure.${f.key}`)}</span>
      <strong className="ys-oss__figvalue" data-testid={`oss-figure-${f.key}`}>
        {f.value}
      </strong>
      {f.note ? <small className="ys-oss__fignote">{f.note}</small> : null}
    </>
  );
  return f.to ? (
    <Link to={f.to} className="ys-oss__figure ys-oss__figure--link">
      {body}
    </Link>
  ) : (
    <div className="ys-oss__figure">{body}</div>
  );
}

function Endpoint() {
  const { t } = useTranslation('oss');
  const address = `${window.location.origin}/s3`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      Toast.show({ content: t('copied') });
    } catch {
      Toast.show({ content: t('copy_failed') });
    }
  };
  return (
    <section className="ys-oss__panel" data-testid="oss-endpoint">
      <h2 className="ys-oss__h2">{t('overview.endpoint')}</h2>
      <p className="ys-oss__muted">{t('overview.endpoint_note')}</p>
      <div className="ys-oss__endpoint">
        <code>{address}</code>
        <Button size="small" onClick={() => void copy()}>
          {t('copy')}
        </Button>
      </div>
    </section>
  );
}

export default function OssOverviewPage() {
  const { t } = useTranslation('oss');
  const page = usePageHandle()?.name ?? 'ossOverview';
  const q = useQuery({ queryKey: ossKeys.overview, queryFn: getOverview });
  const packages = useQuery({ queryKey: ossKeys.packageCount, queryFn: countPackages, enabled: q.isSuccess && q.data.package_count === undefined });
  const o = q.data;
  return (
    <OssFrame page={page} tab="overview" intro={t('intro.overview')}>
      {q.isPending ? (
        <div className="ys-oss__figures" data-testid="oss-overview-loading">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="ys-oss__figure">
              <Skeleton.Title animated />
            </div>
          ))}
        </div>
      ) : null}
      <OssListState loading={false} failed={q.isError} empty={false} emptyText="" />
      {o ? (
        <>
          <div className="ys-oss__figures" data-testid="oss-figures">
            {figuresOf(o, o.package_count ?? packages.data, t).map((f) => (
              <FigureCard key={f.key} f={f} />
            ))}
          </div>
          {o.bucket_count === 0 ? (
            <section className="ys-oss__panel ys-oss__next" data-testid="oss-first-step">
              <p>{t(o.package_capacity_bytes ? 'overview.first_bucket' : 'overview.first_package')}</p>
              <Link className="ys-oss__cta" to={o.package_capacity_bytes ? '/ossBucketsBuy' : '/ossPackagesBuy'}>
                {t(o.package_capacity_bytes ? 'overview.create_bucket' : 'overview.buy_package')}
              </Link>
            </section>
          ) : (
            <nav className="ys-oss__quick" aria-label={t('overview.quick')}>
              <Link className="ys-oss__cta" to="/ossBucketsBuy">
                {t('overview.create_bucket')}
              </Link>
              <Link className="ys-oss__cta ys-oss__cta--plain" to="/ossPackagesBuy">
                {t('overview.buy_package')}
              </Link>
              <Link className="ys-oss__cta ys-oss__cta--plain" to="/ossKeys">
                {t('overview.manage_keys')}
              </Link>
            </nav>
          )}
          <Endpoint />
        </>
      ) : null}
    </OssFrame>
  );
}
