// accountinfo, the phone's 我的 tab: who is signed in and in which tenant and project, the language,
// messages, and 退出登录 (the phone has no top-bar user menu, so signing out lives here).
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, List } from 'antd-mobile';
import { signOut } from '../../lib/auth-flow.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { getUsername } from '../../lib/session.ts';
import { nicknameAtom, projectAtom, tenantAtom } from '../../lib/store.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { LanguageSwitch } from '../../ui/shell/language-switch.tsx';
import './account.css';

export default function AccountPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const handle = usePageHandle();
  const nickname = useAtomValue(nicknameAtom);
  const tenant = useAtomValue(tenantAtom);
  const project = useAtomValue(projectAtom);
  const leave = async () => {
    const ok = await Dialog.confirm({ content: t('mine.logout_confirm'), confirmText: t('user.logout'), cancelText: t('mine.cancel') });
    if (ok) {
      await signOut();
      navigate('/login');
    }
  };
  return (
    <PageFrame name={handle?.name ?? 'accountinfo'} className="ys-mine">
      <section className="ys-mine__head">
        <div className="ys-mine__name" data-testid="mine-nickname">
          {nickname ?? getUsername() ?? ''}
        </div>
      </section>
      <List className="ys-mine__list">
        <List.Item extra={tenant?.name ?? '-'}>{t('scope.tenant')}</List.Item>
        <List.Item extra={project?.name ?? '-'}>{t('scope.project')}</List.Item>
        <List.Item extra={<LanguageSwitch compact />}>{t('language.label')}</List.Item>
        <List.Item onClick={() => navigate('/siteMessages')} arrow>
          {t('user.messages')}
        </List.Item>
        <List.Item onClick={() => navigate('/workorderList')} arrow data-testid="mine-workorders">
          {t('desk:workorder.list_title')}
        </List.Item>
        <List.Item onClick={() => navigate('/opinionList')} arrow data-testid="mine-feedback">
          {t('desk:feedback.list_title')}
        </List.Item>
      </List>
      <Button block color="danger" fill="outline" className="ys-mine__logout" data-testid="mine-logout" onClick={() => void leave()}>
        {t('user.logout')}
      </Button>
    </PageFrame>
  );
}
