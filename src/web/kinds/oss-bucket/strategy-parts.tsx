// Pieces of the strategy pages: the heading of a form or detail under a bucket's tab (the way back to
// the tab's list) and a list of facts.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LeftOutline } from 'antd-mobile-icons';
import { useOssTexts } from './bucket-frame.tsx';

export function SubHead({ back, title }: { back: string; title: string }) {
  const { t } = useOssTexts();
  return (
    <div className="ys-ossb__subhead">
      <Link to={back} className="ys-ossb__back" aria-label={t('back_list')} data-testid="strategy-back">
        <LeftOutline fontSize={16} />
      </Link>
      <h2 className="ys-ossb__h2">{title}</h2>
    </div>
  );
}

export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="ys-ossb__facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
