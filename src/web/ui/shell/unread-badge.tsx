// Unread site messages (unreadCountAtom, 0–99) linking to the message centre.
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { UNREAD_CAP } from '../../../domain/constants.ts';
import { unreadCountAtom } from '../../lib/store.ts';

export function UnreadBadge() {
  const count = useAtomValue(unreadCountAtom);
  const { t } = useTranslation('shell');
  return (
    <Link to="/siteMessages/unread" className="ys-iconbtn" aria-label={t('messages.unread', { count })} data-testid="unread-badge">
      <Badge content={count > 0 ? (count >= UNREAD_CAP ? `${UNREAD_CAP}+` : String(count)) : null}>
        <BellOutline fontSize={20} />
      </Badge>
    </Link>
  );
}
