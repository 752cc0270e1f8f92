// The help widget's contact sheet (phone and e-mail of the support desk): its own chunk, loaded
// on the first tap on 联系我们, so the kit's Popup and List stay out of every page's first load.
import { useTranslation } from 'react-i18next';
import { List, Popup, SpinLoading } from 'antd-mobile';
import { mailHref, telHref, type SiteConfig } from './help-target.ts';

export default function ContactSheet({ open, onClose, config, failed }: { open: boolean; onClose: () => void; config: SiteConfig | null; failed: boolean }) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div data-testid="help-contact-sheet" style={{ paddingBottom: 'env(safe-area-inset-bottom, 0px)' }}>
        <List header={t('help:contact.title')}>
          {config ? (
            <>
              <List.Item extra={<a href={telHref(config.support_phone)}>{config.support_phone}</a>} description={t('help:contact.phone_hint')}>
                {t('help:contact.phone')}
              </List.Item>
              <List.Item extra={<a href={mailHref(config.support_email)}>{config.support_email}</a>} description={t('help:contact.email_hint')}>
                {t('help:contact.email')}
              </List.Item>
            </>
          ) : failed ? (
            <List.Item>{t('help:contact.failed')}</List.Item>
          ) : (
            <List.Item>
              <SpinLoading style={{ '--size': '20px' }} />
            </List.Item>
          )}
        </List>
      </div>
    </Popup>
  );
}
