// The help-docs widget (seed 000 §1): manuals at /docs/{url}/manual.html; one opens directly,
// several show a list to choose from.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionSheet, Button } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { helpDocsMode, manualHref } from './help-widget/help-target.ts';

export interface HelpDoc {
  url: string;
  title?: string;
}

export interface HelpDocsProps {
  docs: readonly (string | HelpDoc)[];
}

function openManual(href: string) {
  window.open(href, '_blank', 'noopener');
}

export function HelpDocs({ docs }: HelpDocsProps) {
  const { t } = useTranslation();
  const [listOpen, setListOpen] = useState(false);
  const items = docs
    .map((d) => (typeof d === 'string' ? { url: d } : d))
    .map((d) => ({ ...d, href: manualHref(d.url) }))
    .filter((d): d is HelpDoc & { href: string } => d.href !== null);
  const mode = helpDocsMode(items.map((d) => d.url));
  if (mode === 'none') return null;

  return (
    <>
      <Button
        data-testid="help-docs"
        size="small"
        fill="none"
        color="primary"
        onClick={() => (mode === 'direct' ? openManual(items[0].href) : setListOpen(true))}
      >
        <QuestionCircleOutline /> {t('help:docs.button')}
      </Button>
      <ActionSheet
        visible={listOpen}
        extra={t('help:docs.choose')}
        cancelText={t('help:docs.cancel')}
        onClose={() => setListOpen(false)}
        actions={items.map((d) => ({
          key: d.href,
          text: d.title ?? d.url,
          onClick: () => {
            setListOpen(false);
            openManual(d.href);
          },
        }))}
      />
    </>
  );
}
