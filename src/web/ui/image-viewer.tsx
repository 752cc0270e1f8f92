// The root's hidden image viewer (seed 000 §2): any same-origin frame or page posts
// {type:'previewImage', url} to show a picture; {logout:true} sends the user to login.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isTrusted, parseRootMessage } from './ai-panel/window-messages.ts';

// The kit's viewer is loaded with the first picture shown, not with every page.
const AdmImageViewer = lazy(() => import('antd-mobile/es/components/image-viewer').then((m) => ({ default: m.default })));

export interface RootImageViewerProps {
  /** Clears the session before the user is sent to /login (the shell passes its sign-out). */
  onLogout?: () => void;
}

export function ImageViewer({ onLogout }: RootImageViewerProps) {
  const navigate = useNavigate();
  const [url, setUrl] = useState<string | null>(null);
  const logoutRef = useRef(onLogout);
  useEffect(() => {
    logoutRef.current = onLogout;
  }, [onLogout]);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (!isTrusted(event, window.location.origin)) return;
      const msg = parseRootMessage(event.data, window.location.origin);
      if (!msg) return;
      if (msg.kind === 'image') setUrl(msg.url);
      else {
        setUrl(null);
        logoutRef.current?.();
        void navigate('/login');
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate]);

  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (url !== null) setShown(true);
  }, [url]);
  if (!shown && url === null) return null;
  return (
    <Suspense fallback={null}>
      <AdmImageViewer image={url ?? ''} visible={url !== null} onClose={() => setUrl(null)} />
    </Suspense>
  );
}
