// The floating help widget (seed 000 §1, §2 "Root and help widget"): AI assistant, contact details,
// work-order and feedback shortcuts. Bottom-right, above the phone tab bar. Mount once inside the
// router, next to <AiPanel />.
import { lazy, Suspense, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessageOutline, QuestionCircleOutline } from 'antd-mobile-icons';
import { aiButtonShownAtom, returnPathAtom } from '../../lib/store.ts';
import { getToken } from '../../lib/session.ts';
import { useAiPanel } from '../ai-panel/use-ai-panel.ts';
import { useCoversContent } from './clear-of-actions.ts';
import { FEEDBACK_ROUTE, WORK_ORDER_ROUTE, resolveShortcut, type SiteConfig } from './help-target.ts';

const ContactSheet = lazy(() => import('./contact-sheet.tsx'));
// The folded shortcuts' icons (and the close icon) load when the widget is first opened: the
// folded widget shows one icon, and every console page's first load carried all six (ADR 0031).
const ShortcutIcon = lazy(() => import('./shortcut-icons.tsx'));

/** Same-origin parent whose layout shows pages in tabs (it marks <html data-layout-tabs="true">). */
function parentHasTabs(): boolean {
  if (window.parent === window) return false;
  try {
    return window.parent.document.documentElement.dataset.layoutTabs === 'true';
  } catch {
    return false;
  }
}

export interface HelpWidgetProps {
  /** Distance from the bottom edge in px; defaults to above the phone tab bar. */
  bottom?: number;
}

export function HelpWidget({ bottom = 76 }: HelpWidgetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const aiShown = useAtomValue(aiButtonShownAtom);
  const setReturnPath = useSetAtom(returnPathAtom);
  const { dispatch } = useAiPanel();
  const [contactOpen, setContactOpen] = useState(false);
  // Once opened, the sheet stays mounted so it can animate closed and open again at once.
  const [contactShown, setContactShown] = useState(false);
  // The three shortcuts fold behind one button so the widget does not cover a card column on a phone.
  const [expanded, setExpanded] = useState(false);
  const [config, setConfig] = useState<SiteConfig | null>(null);
  const [configFailed, setConfigFailed] = useState(false);
  const nav = useRef<HTMLElement>(null);
  // Folded, the widget steps aside while it would cover an action or content; opened, the user asked for it.
  const stepAside = useCoversContent(nav) && !expanded;

  function openContact() {
    setExpanded(false);
    setContactOpen(true);
    setContactShown(true);
    if (config) return;
    setConfigFailed(false);
    fetch('/api/v1/site-config', { headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<SiteConfig>) : Promise.reject(new Error(String(r.status)))))
      .then(setConfig)
      .catch(() => setConfigFailed(true));
  }

  function go(target: string) {
    setExpanded(false);
    const action = resolveShortcut(target, { hasToken: Boolean(getToken()), parentHasTabs: parentHasTabs() });
    if (action.kind === 'parent-tab') window.parent.postMessage(action.message, window.location.origin);
    else if (action.kind === 'login') {
      setReturnPath({ path: action.returnPath });
      void navigate(action.to);
    } else void navigate(action.to);
  }

  const group: CSSProperties = {
    position: 'fixed',
    right: 12,
    bottom: `calc(${bottom}px + env(safe-area-inset-bottom, 0px))`,
    // Below antd-mobile's popups and dialogs (z-index 1000), so they cover the widget.
    zIndex: 900,
    display: 'flex',
    flexDirection: 'column',
    gap: 8,
    visibility: stepAside ? 'hidden' : 'visible',
    opacity: stepAside ? 0 : 1,
    transition: 'opacity 0.15s ease',
  };

  return (
    <>
      <nav ref={nav} data-testid="help-widget" data-floating data-stepped-aside={stepAside || undefined} aria-label={t('help:widget.label')} style={group}>
        {aiShown && (
          <WidgetButton testId="help-ai" label={t('help:widget.ai')} primary onClick={() => dispatch({ type: 'open' })}>
            <MessageOutline />
          </WidgetButton>
        )}
        {expanded && (
          <>
            <WidgetButton testId="help-contact" label={t('help:widget.contact')} onClick={openContact}>
              <Suspense fallback={null}>
                <ShortcutIcon name="contact" />
              </Suspense>
            </WidgetButton>
            <WidgetButton testId="help-workorder" label={t('help:widget.work_order')} onClick={() => go(WORK_ORDER_ROUTE)}>
              <Suspense fallback={null}>
                <ShortcutIcon name="work_order" />
              </Suspense>
            </WidgetButton>
            <WidgetButton testId="help-feedback" label={t('help:widget.feedback')} onClick={() => go(FEEDBACK_ROUTE)}>
              <Suspense fallback={null}>
                <ShortcutIcon name="feedback" />
              </Suspense>
            </WidgetButton>
          </>
        )}
        <WidgetButton
          testId="help-toggle"
          label={t(expanded ? 'help:widget.collapse' : 'help:widget.more')}
          expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? (
            <Suspense fallback={<QuestionCircleOutline />}>
              <ShortcutIcon name="close" />
            </Suspense>
          ) : (
            <QuestionCircleOutline />
          )}
        </WidgetButton>
      </nav>
      {contactOpen || contactShown ? (
        <Suspense fallback={null}>
          <ContactSheet open={contactOpen} onClose={() => setContactOpen(false)} config={config} failed={configFailed} />
        </Suspense>
      ) : null}
    </>
  );
}

function WidgetButton(props: { testId: string; label: string; primary?: boolean; expanded?: boolean; onClick: () => void; children: ReactNode }) {
  const style: CSSProperties = {
    width: 44,
    height: 44,
    borderRadius: 22,
    border: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: 22,
    cursor: 'pointer',
    color: props.primary ? '#fff' : 'var(--adm-color-primary, #1366d6)',
    background: props.primary ? 'var(--adm-color-primary, #1366d6)' : 'var(--adm-color-background, #fff)',
    boxShadow: '0 2px 10px rgba(0, 0, 0, 0.15)',
  };
  return (
    <button
      type="button"
      data-testid={props.testId}
      aria-label={props.label}
      title={props.label}
      aria-expanded={props.expanded}
      style={style}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}
