// The user menu of the top bar: account information, messages, sign-out.
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Popover } from 'antd-mobile';
import { UserCircleOutline } from 'antd-mobile-icons';
import { signOut } from '../../lib/auth-flow.ts';
import { nicknameAtom } from '../../lib/store.ts';

export function UserMenu() {
  const nickname = useAtomValue(nicknameAtom);
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  const actions = [
    { key: 'account', text: t('user.account') },
    { key: 'messages', text: t('user.messages') },
    { key: 'logout', text: t('user.logout') },
  ];
  const onAction = (key: string) => {
    if (key === 'account') navigate('/accountinfo');
    else if (key === 'messages') navigate('/siteMessages');
    else if (key === 'logout') void signOut().then(() => navigate('/login'));
  };
  return (
    <Popover.Menu actions={actions} placement="bottom-end" trigger="click" onAction={(a) => onAction(String(a.key))}>
      <button type="button" className="ys-user" data-testid="user-menu" aria-label={t('user.menu')}>
        <UserCircleOutline fontSize={20} />
        <span className="ys-user__name">{nickname ?? ''}</span>
      </button>
    </Popover.Menu>
  );
}
