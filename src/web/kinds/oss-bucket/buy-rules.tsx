// Above the bucket's purchase form (ossBucketsBuy): the name's rules, each ✓ or ✕ as the user types
// in the form's name field (read from the page's input events, so the derived form stays the
// engine's), and that a deleted bucket's name is free again only after 30 minutes.
import { useEffect, useState } from 'react';
import { RuleList, useOssTexts } from './bucket-frame.tsx';
import { bucketNameChecks } from './bucket-rules.ts';

const REUSE_MINUTES = 30;

export function BucketNameRules() {
  const { t } = useOssTexts();
  const [name, setName] = useState('');
  useEffect(() => {
    const read = (e: Event) => {
      const el = e.target;
      if (el instanceof HTMLInputElement && el.name === 'name') setName(el.value);
    };
    document.addEventListener('input', read, true);
    document.addEventListener('change', read, true);
    return () => {
      document.removeEventListener('input', read, true);
      document.removeEventListener('change', read, true);
    };
  }, []);
  return (
    <section className="ys-ossb__panel ys-ossb__namerules" aria-live="polite" data-testid="bucket-name-rules">
      <h2 className="ys-ossb__h2">{t('rules.name_title')}</h2>
      <RuleList checks={bucketNameChecks(name)} touched={name.length > 0} />
      <p className="ys-ossb__muted">{t('rules.name_reuse', { minutes: REUSE_MINUTES })}</p>
    </section>
  );
}
