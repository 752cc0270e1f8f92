// siteMessagesDetail/:id: one message on its own page (a phone opens it from the list; a deep link
// from a push or an e-mail lands here too).
import { useNavigate, useParams } from 'react-router';
import { PageFrame } from '../../ui/page-frame.tsx';
import { MessageDetail } from './message-detail.tsx';
import './notify.css';

export default function MessageDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <PageFrame name="siteMessagesDetail" className="ys-msg-page">
      <MessageDetail id={id} onDeleted={() => navigate('/siteMessages/unread', { replace: true })} />
    </PageFrame>
  );
}
