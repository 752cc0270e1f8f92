// accountinfo (the phone's 我的 tab; also userCenter and the portal's portalAccountInfo): who is
// signed in, the profile with masked phone, e-mail and ID number, phone verification and change,
// password change, the service agreement and the tenant OA signing state; the tenant/project switch,
// the language, work orders and feedback, messages, and 退出登录.
import { lazy, Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, List } from 'antd-mobile';
import { confirm } from '../../ui/light/confirm.tsx';
import { Popup } from '../../ui/light/overlay.tsx';
import { signOut } from '../../lib/auth-flow.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { getUsername } from '../../lib/session.ts';
import { nicknameAtom, projectAtom, tenantAtom } from '../../lib/store.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { LanguageSwitch } from '../../ui/shell/language-switch.tsx';
import { ScopePicker } from '../../ui/shell/scope-picker.tsx';
import { fetchPendingReviews, fetchProfile, signAgreement } from './account-api.ts';
import './account.css';
import { QueryProvider } from '../../lib/query-provider.tsx';
import { PasskeyPanel } from '../../ui/passkey-panel.tsx';
import { accountKeys } from './query-keys.ts';

// The password form (the kit's Form and the account rules) loads when the user first opens it.
const PasswordSheet = lazy(() => import('./password-sheet.tsx').then((m) => ({ default: m.PasswordSheet })));

function AccountPageContent() {
  const { t } = useTranslation(['shell', 'account', 'desk', 'errors']);
  const navigate = useNavigate();
  const handle = usePageHandle();
  const client = useQueryClient();
  const nickname = useAtomValue(nicknameAtom);
  const profile = useQuery({ queryKey: accountKeys.profile(), queryFn: fetchProfile });
  // Platform administrators review real-name verifications and phone changes (ADR 0026); others get 403.
  const pending = useQuery({ queryKey: accountKeys.pendingReviews(), queryFn: fetchPendingReviews, retry: false });
  const [scopeOpen, setScopeOpen] = useState(false);
  const [pwOpen, setPwOpen] = useState(false);
  const [pwUsed, setPwUsed] = useState(false);
  const [agree, setAgree] = useState(false);
  const p = profile.data;
  // The profile's rows come with it (the account line, a phone change under review, the agreement, the
  // OA hint) and so does the reviews entry: until both are known, rows of the list's height hold its
  // place and what is below waits, so nothing moves when they arrive (issue 28: CLS 0.17). Offline
  // (a paused query) the page shows at once, without them.
  const settling = [profile, pending].some((q) => q.isPending && q.fetchStatus === 'fetching');

  const leave = async () => {
    const ok = await confirm({ content: t('mine.logout_confirm'), confirmText: t('user.logout'), cancelText: t('mine.cancel') });
    if (ok) {
      await signOut();
      navigate('/login');
    }
  };

  async function sign() {
    try {
      client.setQueryData(accountKeys.profile(), await signAgreement());
    } catch {
      // shown by the request helper
    }
  }

  const none = t('account:profile.none');
  return (
    <PageFrame name={handle?.name ?? 'accountinfo'} className="ys-mine">
      <section className="ys-mine__head">
        <div className="ys-mine__name" data-testid="mine-nickname">
          {p?.nickname ?? nickname ?? getUsername() ?? ''}
        </div>
        {/* (its line is kept while the profile loads: a no-break space) */}
        <p className="ys-mine__hint">
          {p ? `${t('account:profile.account')}：${p.account} · ${t(`account:user_type.${p.user_type}`, { defaultValue: p.user_type })}` : '\u00a0'}
        </p>
      </section>

      <div className="ys-mine__section-title">{t('account:profile.title')}</div>
      {settling ? (
        <ProfileWaiting />
      ) : (
        <>
          <List className="ys-mine__list" data-testid="mine-profile">
            <List.Item
              extra={p?.phone ? `${p.phone} · ${p.is_phone_validate ? t('account:profile.verified') : t('account:profile.unverified')}` : none}
              onClick={() => navigate(p?.is_phone_validate ? '/handlePhone/change' : '/handlePhone/verify')}
              arrow
              data-testid="mine-phone"
            >
              {t('account:profile.phone')}
            </List.Item>
            {p?.phone_change && (
              <List.Item>
                <span className="ys-mine__hint">{t('account:profile.reviewing', { phone: p.phone_change.phone })}</span>
              </List.Item>
            )}
            <List.Item extra={p?.email ?? none}>{t('account:profile.email')}</List.Item>
            <List.Item extra={p?.id_number ?? none}>{t('account:profile.id_number')}</List.Item>
            <List.Item extra={p?.industry ?? none}>{t('account:profile.industry')}</List.Item>
            <List.Item extra={p?.enterprise ?? none}>{t('account:profile.enterprise')}</List.Item>
            <List.Item onClick={() => navigate('/auth')} arrow data-testid="mine-real-name">
              {t('account:profile.real_name')}
            </List.Item>
            {pending.isSuccess ? (
              <List.Item
                onClick={() => navigate('/auth?view=review')}
                arrow
                extra={pending.data ? t('signup:review.entry_pending', { count: pending.data }) : undefined}
                data-testid="mine-reviews"
              >
                {t('signup:review.entry')}
              </List.Item>
            ) : null}
            <List.Item
              onClick={() => {
                setPwUsed(true);
                setPwOpen(true);
              }}
              arrow
              data-testid="mine-password"
            >
              {t('account:password.title')}
            </List.Item>
            {p?.need_sign_service_agreement && (
              <List.Item extra={p.is_sign_service_agreement ? t('account:profile.agreement_signed') : undefined}>{t('account:profile.agreement')}</List.Item>
            )}
            <List.Item extra={p?.is_sign ? t('account:profile.oa_signed') : undefined}>{t('account:profile.oa')}</List.Item>
            {p && !p.is_sign && (
              <List.Item>
                <span className="ys-mine__hint">{t('account:profile.oa_unsigned')}</span>
              </List.Item>
            )}
          </List>
          {p?.need_sign_service_agreement && !p.is_sign_service_agreement && (
            <section className="ys-mine__head">
              <Checkbox checked={agree} onChange={setAgree}>
                {t('account:profile.agreement_text')}
              </Checkbox>
              <Button block color="primary" disabled={!agree} style={{ marginTop: 8 }} onClick={() => void sign()}>
                {t('account:profile.agreement_sign')}
              </Button>
            </section>
          )}

          <ShellList onScope={() => setScopeOpen(true)} />
          <PasskeyPanel />
          <Button block color="danger" fill="outline" className="ys-mine__logout" data-testid="mine-logout" onClick={() => void leave()}>
            {t('user.logout')}
          </Button>

          <ScopeSheet open={scopeOpen} onClose={() => setScopeOpen(false)} />

          {pwUsed ? (
            <Suspense fallback={null}>
              <PasswordSheet open={pwOpen} onClose={() => setPwOpen(false)} account={p?.account ?? ''} />
            </Suspense>
          ) : null}
        </>
      )}
    </PageFrame>
  );
}

/** The profile list's place while it loads: as many rows as a member's profile shows, each a row's height. */
function ProfileWaiting() {
  return (
    <List className="ys-mine__list" aria-busy="true" data-testid="mine-profile-waiting">
      {Array.from({ length: 9 }, (_, i) => (
        <List.Item key={i}>
          <span className="ys-mine__bar" />
        </List.Item>
      ))}
    </List>
  );
}

/** The scope, the language and the ways to the service desk and the messages. */
function ShellList({ onScope }: { onScope: () => void }) {
  const { t } = useTranslation(['shell', 'desk']);
  const navigate = useNavigate();
  const tenant = useAtomValue(tenantAtom);
  const project = useAtomValue(projectAtom);
  return (
    <List className="ys-mine__list">
      <List.Item extra={tenant?.name ?? '-'} onClick={onScope} arrow data-testid="mine-scope">
        {t('scope.tenant')}
      </List.Item>
      <List.Item extra={project?.name ?? '-'} onClick={onScope} arrow>
        {t('scope.project')}
      </List.Item>
      <List.Item extra={<LanguageSwitch compact />}>{t('language.label')}</List.Item>
      <List.Item onClick={() => navigate('/workorderList')} arrow data-testid="mine-workorders">
        {t('desk:workorder.list_title')}
      </List.Item>
      <List.Item onClick={() => navigate('/opinionList')} arrow data-testid="mine-feedback">
        {t('desk:feedback.list_title')}
      </List.Item>
      <List.Item onClick={() => navigate('/siteMessages')} arrow>
        {t('user.messages')}
      </List.Item>
    </List>
  );
}

function ScopeSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div style={{ padding: 16 }}>
        <div className="ys-mine__name" style={{ marginBottom: 12 }}>
          {t('scope.title')}
        </div>
        <ScopePicker layout="column" />
      </div>
    </Popup>
  );
}

/** Also shown in the portal layout (userCenter, portalAccountInfo, portalHandlePhone), which has no query client of its own. */
export default function AccountPage() {
  return (
    <QueryProvider>
      <AccountPageContent />
    </QueryProvider>
  );
}
