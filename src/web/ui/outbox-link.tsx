// The count of queued writes under the nav bar, linking to the outbox screen (a signed-in user's;
// loaded by the offline banner only then, with Dexie).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOutboxCounts } from '../offline/hooks.ts';
import { OUTBOX_ROUTE, STRIP } from './offline-strip.ts';

export default function OutboxLink() {
  const { t } = useTranslation();
  const counts = useOutboxCounts();
  if (counts.waiting === 0 && counts.attention === 0) return null;
  return (
    <Link to={OUTBOX_ROUTE} data-testid="outbox-link" style={{ ...STRIP, background: '#e6f4ff', color: '#1366d6', textDecoration: 'none' }}>
      <span>
        {counts.waiting > 0 && t('offline:banner.waiting', { n: counts.waiting })}
        {counts.waiting > 0 && counts.attention > 0 && t('offline:banner.separator')}
        {counts.attention > 0 && t('offline:banner.attention', { n: counts.attention })}
      </span>
      <span aria-hidden="true">›</span>
    </Link>
  );
}
