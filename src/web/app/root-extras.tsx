// Root widgets that are not needed for the first screen: loaded once the page is idle.
import { useNavigate } from 'react-router';
import { HelpWidget } from '../ui/help-widget/help-widget.tsx';
import { AiPanel } from '../ui/ai-panel/ai-panel.tsx';
import { ImageViewer } from '../ui/image-viewer.tsx';
import { forgetSession } from '../lib/auth-flow.ts';

export default function RootExtras() {
  const navigate = useNavigate();
  return (
    <>
      <HelpWidget />
      <AiPanel />
      <ImageViewer
        onLogout={() => {
          forgetSession();
          navigate('/login');
        }}
      />
    </>
  );
}
