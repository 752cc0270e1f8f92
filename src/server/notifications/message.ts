// One notification as every outside channel sends it: its texts rendered (the site message's key
// and parameters), the absolute deep link and the one-tap actions (e.g. acknowledge) built on the
// deployment's public base URL.
import type { Language } from '../../domain/errors.ts';
import { t } from '../platform/lib/i18n.ts';
import { renderParams } from '../approvals/site-message.service.ts';
import type { NotifyInput } from './notify-port.ts';

export interface OutboundMessage {
  category: string;
  title: string;
  content: string;
  /** absolute deep link that opens Yunshu on the subject */
  url: string;
  openLabel: string;
  actions: { key: string; label: string; url: string }[];
}

/** `base` + an in-app path; paths that are not app paths (`//host`, `https:`) fall back to the base. */
export function absoluteUrl(base: string, path: string | null): string {
  const root = base.replace(/\/+$/, '');
  if (!path || !path.startsWith('/') || path.startsWith('//')) return `${root}/`;
  return `${root}${path}`;
}

export function buildMessage(
  input: Pick<NotifyInput, 'category' | 'messageKey' | 'params' | 'link' | 'actions'>,
  base: string,
  lang: Language,
): OutboundMessage {
  const params = renderParams(lang, input.params);
  const key = input.messageKey.includes(':') ? input.messageKey : `approvals:messages.${input.messageKey}`;
  return {
    category: input.category,
    title: t(lang, `${key}.title`, params),
    content: t(lang, `${key}.content`, params),
    url: absoluteUrl(base, input.link),
    openLabel: t(lang, 'notify:message.open'),
    actions: (input.actions ?? []).map((a) => {
      const label = t(lang, `notify:message.actions.${a.key}`);
      return { key: a.key, label: label.startsWith('message.') ? t(lang, 'notify:message.open') : label, url: absoluteUrl(base, a.path) };
    }),
  };
}
