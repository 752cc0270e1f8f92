// The portal's information pages, their texts in the `site` namespace: about, support, contact-us,
// contactList, operationProcess, dmsManage (the public entry of the data management service) and
// aiasistant (the page under the full-screen AI panel, which the shell's panel covers).
// Support and contact pages show the site's configured service phone and e-mail.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { get } from '../../lib/request.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import './portal-home.css';
import './site.css';

interface Item {
  title: string;
  text: string;
}
interface Contact {
  name: string;
  role: string;
  area: string;
  phone: string;
  email: string;
}

function useSiteContact() {
  const [c, setC] = useState<{ support_phone: string; support_email: string } | null>(null);
  useEffect(() => {
    get<{ support_phone: string; support_email: string }>('v1/site-config', undefined, { isNeedloading: false, notice: false }).then(setC, () => undefined);
  }, []);
  return c;
}

const ACTIONS: Record<string, { to: string; label: string }[]> = {
  about: [{ to: '/contact-us', label: 'routes:contact-us' }],
  support: [
    { to: '/workorderAdd', label: 'info.actions.workorder' },
    { to: '/helpCenter', label: 'routes:helpCenter' },
  ],
  dmsManage: [
    { to: '/database', label: 'info.actions.database' },
    { to: '/userManual', label: 'routes:userManual' },
  ],
  operationProcess: [{ to: '/login', label: 'info.actions.start' }],
  aiasistant: [{ to: '/helpCenter', label: 'routes:helpCenter' }],
};

export default function InfoPage() {
  const handle = usePageHandle();
  const name = handle?.name ?? 'about';
  const { t } = useTranslation(['site_tools', 'site']);
  const contact = useSiteContact();
  const items = t(`info.${name}.items`, { returnObjects: true, defaultValue: [] }) as Item[];
  const contacts = name === 'contactList' ? (t('info.contactList.people', { returnObjects: true }) as Contact[]) : [];
  const steps = name === 'operationProcess';
  return (
    <PageFrame name={name} className="ys-home ys-info">
      <header className="ys-pagehead">
        <div className="ys-pagehead__inner">
          <h1 className="ys-pagehead__title">{t(`info.${name}.title`)}</h1>
          <p className="ys-pagehead__lead">{t(`info.${name}.lead`)}</p>
          {ACTIONS[name] ? (
            <div className="ys-hero__actions">
              {ACTIONS[name].map((a, i) => (
                <Link key={a.to} to={a.to} className={`ys-btn ${i === 0 ? 'ys-btn--light' : 'ys-btn--ghost'} ys-btn--tall`}>
                  {t(a.label)}
                </Link>
              ))}
            </div>
          ) : null}
        </div>
      </header>
      <div className="ys-section">
        {Array.isArray(items) && items.length ? (
          <ol className={steps ? 'ys-steps' : 'ys-cards ys-cards--plain'}>
            {items.map((it, i) => (
              <li key={it.title} className={steps ? 'ys-step' : 'ys-card'}>
                {steps ? (
                  <span className="ys-step__num" aria-hidden="true">
                    {i + 1}
                  </span>
                ) : null}
                <h2 className="ys-card__title">{it.title}</h2>
                <p className="ys-card__text">{it.text}</p>
              </li>
            ))}
          </ol>
        ) : null}
        {contacts.length ? (
          <ul className="ys-contacts" data-testid="contact-list">
            {contacts.map((c) => (
              <li key={c.name} className="ys-contact">
                <p className="ys-contact__name">
                  {c.name}
                  <span className="ys-acard__tag">{c.area}</span>
                </p>
                <p className="ys-contact__role">{c.role}</p>
                <a className="ys-contact__link" href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>
                  {c.phone}
                </a>
                <a className="ys-contact__link" href={`mailto:${c.email}`}>
                  {c.email}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {(name === 'support' || name === 'contact-us' || name === 'about') && contact ? (
          <dl className="ys-kv" data-testid="site-contact">
            <div>
              <dt>{t('info.phone')}</dt>
              <dd>
                <a href={`tel:${contact.support_phone.replace(/[^\d+]/g, '')}`}>{contact.support_phone}</a>
              </dd>
            </div>
            <div>
              <dt>{t('info.email')}</dt>
              <dd>
                <a href={`mailto:${contact.support_email}`}>{contact.support_email}</a>
              </dd>
            </div>
            <div>
              <dt>{t('info.address_label')}</dt>
              <dd>{t('info.address')}</dd>
            </div>
          </dl>
        ) : null}
        {name === 'contact-us' ? (
          <p className="ys-section__lead">
            <Link to="/contactList">{t('info.contact-us.list_link')}</Link>
          </p>
        ) : null}
      </div>
    </PageFrame>
  );
}
