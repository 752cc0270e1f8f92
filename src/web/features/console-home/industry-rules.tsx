// What the working tenant's industry asks of it (domain/tenant-industry.ts): a finance tenant's
// production rules wait for 18:00 and its ICP filing carries the security assessment; an industrial
// tenant's yearly contracts renew themselves. Said once on the console home, before anyone trips on it.
import { useTranslation } from 'react-i18next';
import { INDUSTRY_REQUIREMENTS, industryNotices, tenantIndustry } from '../../../domain/tenant-industry.ts';

export function IndustryRules({ businessType }: { businessType: string | undefined }) {
  const { t } = useTranslation('home');
  const notices = industryNotices(businessType);
  if (!notices.length) return null;
  const industry = tenantIndustry(businessType);
  const hour = INDUSTRY_REQUIREMENTS[industry].productionRulesHour;
  return (
    <section className="ys-ch__section ys-ch__industry" aria-labelledby="ch-industry" data-testid="industry-rules">
      <div className="ys-ch__head">
        <h2 id="ch-industry" className="ys-ch__title">
          {t('industry_rules.title')}
        </h2>
        <span className="ys-ch__total">{t(`industry_rules.industry.${industry}`)}</span>
      </div>
      <ul className="ys-ch__industry-list">
        {notices.map((n) => (
          <li key={n}>{t(`industry_rules.rules.${n}`, { hour: String(hour ?? '') })}</li>
        ))}
      </ul>
    </section>
  );
}
