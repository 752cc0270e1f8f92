// The AI assistant panel (seed 000 §2): slides in from the right (375px, 20px from the bottom,
// −450px when hidden), goes full screen on /aiasistant, and embeds public/aiassistant/ in an iframe
// that talks to us by postMessage. Mount once inside the router, at the root of the app.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AI_PANEL } from '../../../domain/constants.ts';
import { aiPanelRightAtom } from '../../lib/store.ts';
import { ASSISTANT_ROUTE } from './ai-panel.rules.ts';
import { attachAssistant } from './assistant-bridge.ts';
import { isTrusted, parseAssistantEvent, parseAssistantNavigate } from './window-messages.ts';
import { useAiPanel } from './use-ai-panel.ts';

export const ASSISTANT_PAGE = '/aiassistant/index.html';

export interface AiPanelProps {
  /** 375 (seed default) or 450 (the wider variant). */
  width?: 375 | 450;
}

export function AiPanel({ width = AI_PANEL.width }: AiPanelProps) {
  const { t } = useTranslation();
  const { state, dispatch } = useAiPanel();
  const right = useAtomValue(aiPanelRightAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const frame = useRef<HTMLIFrameElement>(null);
  // The assistant page loads on first use only.
  const [loaded, setLoaded] = useState(state !== 'hidden');
  const wanted = loaded || state !== 'hidden';

  // Keep the latest dispatch for the message listener without re-subscribing on every render.
  const dispatchRef = useRef(dispatch);
  useEffect(() => {
    dispatchRef.current = dispatch;
  }, [dispatch]);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (!isTrusted(event, window.location.origin, frame.current?.contentWindow ?? null)) return;
      const ev = parseAssistantEvent(event.data);
      if (ev) dispatchRef.current({ type: ev });
      // A source link of an answer (the page closes the panel first where it covers the page).
      const url = parseAssistantNavigate(event.data);
      if (url) void navigate(url);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate]);

  // Arriving at /aiasistant by link or reload shows the assistant full screen.
  const previousPath = useRef<string | null>(null);
  useEffect(() => {
    const entered = location.pathname === ASSISTANT_ROUTE && previousPath.current !== ASSISTANT_ROUTE;
    previousPath.current = location.pathname;
    if (entered && state === 'hidden') dispatchRef.current({ type: 'enter_route' });
  }, [location.pathname, state]);

  useEffect(() => () => attachAssistant(null), []);

  const full = state === 'full';
  const style: CSSProperties = {
    position: 'fixed',
    zIndex: 1100,
    right: full ? 0 : right,
    bottom: full ? 0 : AI_PANEL.bottom,
    top: full ? 0 : undefined,
    width: full ? '100%' : `min(${width}px, 100vw)`,
    height: full ? '100%' : `min(640px, calc(100dvh - ${AI_PANEL.bottom * 2}px))`,
    maxWidth: '100vw',
    background: 'var(--adm-color-background, #fff)',
    boxShadow: state === 'hidden' ? 'none' : '0 4px 24px rgba(0, 0, 0, 0.18)',
    borderRadius: full ? 0 : '12px 0 0 12px',
    overflow: 'hidden',
    // Slide out first, then hide (so the closed panel is not focusable).
    transition: `right 0.3s ease, width 0.3s ease, bottom 0.3s ease, visibility 0s linear ${state === 'hidden' ? '0.3s' : '0s'}`,
    visibility: state === 'hidden' ? 'hidden' : 'visible',
  };

  return (
    <aside data-testid="ai-panel" data-state={state} aria-hidden={state === 'hidden'} aria-label={t('help:ai.panel_label')} style={style}>
      {wanted && (
        <iframe
          ref={frame}
          src={ASSISTANT_PAGE}
          title={t('help:ai.frame_title')}
          style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
          onLoad={() => {
            setLoaded(true);
            attachAssistant(frame.current?.contentWindow ?? null);
          }}
        />
      )}
    </aside>
  );
}
