// The root's hidden image viewer (seed 000 §2): any same-origin frame or page posts
// {type:'previewImage', url} to show a picture; {logout:true} sends the user to login.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ImageViewer as AdmImageViewer } from 'antd-mobile';
import { isTrusted, parseRootMessage } from './ai-panel/window-messages.ts';

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

  return <AdmImageViewer image={url ?? ''} visible={url !== null} onClose={() => setUrl(null)} />;
}
