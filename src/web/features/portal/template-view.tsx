// Server templates rendered safely (seed 000 §1; decision 0019). HTML is sanitised with DOMPurify
// (no <script>, no on* handlers, no javascript: links); CSS, parsed and reduced by the server
// (decision 0044), is confined to its section with @scope and `contain: paint` (a fixed-position
// overlay cannot leave the box); a template with a script runs only inside
// <iframe sandbox="allow-scripts"> — never allow-same-origin, so it has an opaque origin and reaches
// neither the session in localStorage nor the cookies, and the frame's own policy
// (connect-src 'none') stops any request. The frame reports its height by postMessage and links
// tapped inside it; a signed-out visitor tapping any template link is told to sign in.
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import DOMPurify from 'dompurify';
import { fillPlaceholders, internalPath, safeExternalUrl, type ServerTemplate } from '../../../domain/portal-content.ts';
import { pushNotice } from '../../lib/notices.ts';
import { loginStateAtom } from '../../lib/store.ts';

const INLINE_FORBID = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'frame', 'object', 'embed', 'link', 'meta', 'base', 'svg', 'math'];
const FRAME_FORBID = ['style', 'iframe', 'frame', 'object', 'embed', 'link', 'meta', 'base', 'form'];

export function sanitizeTemplateHtml(html: string, inFrame: boolean): string {
  return DOMPurify.sanitize(html, { FORBID_TAGS: inFrame ? FRAME_FORBID : INLINE_FORBID, FORBID_ATTR: ['srcset', 'formaction'], ALLOW_DATA_ATTR: false });
}

/**
 * The CSS of a section confined to it. The server has already reduced a saved template's CSS to
 * rules that stay in the box (postcss, decision 0044); here the browser's own parser checks that
 * the wrapped text is one @scope rule and nothing beside it, which also covers an unsaved draft in
 * the editor's preview. Anything else, or a browser without @scope, gets no CSS at all.
 */
export function scopedCss(css: string, scope: string): string {
  const text = `@scope ([data-tpl-scope="${scope}"]) {\n${css}\n}`;
  if (/<\/?style/i.test(text)) return '';
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    const rules = sheet.cssRules;
    return rules.length === 1 && rules[0]!.cssText.startsWith('@scope') ? text : '';
  } catch {
    return '';
  }
}

function useTemplateLink() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const loggedIn = useAtomValue(loginStateAtom);
  return (href: string | null) => {
    if (!href) return;
    if (!loggedIn) {
      pushNotice({ type: 'warning', description: t('template.login_required') });
      return;
    }
    const inner = internalPath(href);
    if (inner) {
      navigate(inner);
      return;
    }
    const external = safeExternalUrl(href);
    if (external) window.open(external, '_blank', 'noopener,noreferrer');
  };
}

export function TemplateView({ template, scope }: { template: ServerTemplate; scope: string }) {
  // A changed template gets a fresh frame (the frame takes its content once).
  const key = `${template.id}|${template.html_code}|${template.css_code}|${template.js_code}|${JSON.stringify(template.data_json)}`;
  return template.js_code.trim() ? <FramedTemplate key={key} template={template} /> : <InlineTemplate template={template} scope={scope} />;
}

function InlineTemplate({ template, scope }: { template: ServerTemplate; scope: string }) {
  const follow = useTemplateLink();
  const html = useMemo(() => sanitizeTemplateHtml(fillPlaceholders(template.html_code, template.data_json), false), [template]);
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    if (!a) return;
    e.preventDefault();
    follow(a.getAttribute('href'));
  };
  return (
    <div className="ys-tpl" data-tpl-scope={scope} data-testid="template-inline">
      <style>{scopedCss(template.css_code, scope)}</style>
      {/* Sanitised above with DOMPurify; clicks on its links go through follow(). */}
      <div onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

function FramedTemplate({ template }: { template: ServerTemplate }) {
  const { t } = useTranslation('site');
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(160);
  const follow = useTemplateLink();
  const [linkKey] = useState(() => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''));
  const followRef = useRef(follow);
  followRef.current = follow;
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const win = frame.current?.contentWindow;
      if (!win || e.source !== win) return;
      const d = e.data as { type?: string; height?: unknown; href?: unknown; key?: unknown } | null;
      if (d?.type === 'ys-template-ready') {
        win.postMessage(
          {
            type: 'ys-template-content',
            html: sanitizeTemplateHtml(fillPlaceholders(template.html_code, template.data_json), true),
            css: template.css_code,
            js: template.js_code,
            data: template.data_json,
            key: linkKey,
          },
          '*',
        );
      } else if (d?.type === 'ys-template-height' && typeof d.height === 'number' && Number.isFinite(d.height)) {
        setHeight(Math.max(40, Math.min(4000, Math.ceil(d.height))));
      } else if (d?.type === 'ys-template-link' && typeof d.href === 'string' && d.key === linkKey) {
        // Only the frame's own listener knows the key, and it reports real taps only: a script of
        // the template cannot send the visitor anywhere on its own.
        followRef.current(d.href);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [template, linkKey]);
  return (
    <iframe
      ref={frame}
      className="ys-tpl-frame"
      data-testid="template-frame"
      title={t('template.frame_title', { name: template.name })}
      src="/api/v1/template-frame"
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      loading="lazy"
      style={{ height }}
    />
  );
}
