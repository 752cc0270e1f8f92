// opinionAdd: name, phone, e-mail, type and content; queued in the outbox like a work order, so
// feedback written offline is sent once the network is back, exactly once.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Selector, TextArea } from 'antd-mobile';
import { FEEDBACK_TYPES } from '../../../domain/desk.ts';
import { PhoneInput, phoneRule } from '../../ui/phone-input.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { pushNotice } from '../../lib/notices.ts';
import { useOnline } from '../../offline/hooks.ts';
import { queueFeedback } from './queue.ts';
import { clipText } from '../../lib/clip-text.ts';
import './desk.css';

interface Values {
  name: string;
  phone: string;
  email: string;
  content: string;
}
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function OpinionAddPage() {
  const { t } = useTranslation('desk');
  const navigate = useNavigate();
  const online = useOnline();
  const [type, setType] = useState<(typeof FEEDBACK_TYPES)[number]>('product');
  const [busy, setBusy] = useState(false);
  const required = (field: string) => ({ required: true, message: t('rules.required', { field: t(`fields.${field}`) }) });

  async function submit(v: Values) {
    setBusy(true);
    try {
      const body = { name: v.name.trim(), phone: v.phone.trim(), email: v.email.trim(), type, content: v.content.trim() };
      await queueFeedback(body, t('outbox.feedback', { content: clipText(body.content, 16) }));
      pushNotice({ type: online ? 'success' : 'info', description: online ? t('feedback.sent_notice') : t('feedback.queued_notice'), seconds: 4 });
      navigate('/opinionList');
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageFrame name="opinionAdd" className="ys-sd">
      <div className="ys-sd__bar">
        <h1>{t('feedback.add_title')}</h1>
      </div>
      <Form
        className="ys-sd__form"
        layout="vertical"
        onFinish={(v: Values) => void submit(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy} data-testid="feedback-submit">
            {t('workorder.submit')}
          </Button>
        }
      >
        <Form.Item label={t('fields.feedback_type')}>
          <Selector
            columns={2}
            value={[type]}
            onChange={(v) => v[0] && setType(v[0])}
            options={FEEDBACK_TYPES.map((f) => ({ label: t(`feedback_type.${f}`), value: f }))}
          />
        </Form.Item>
        <Form.Item name="content" label={t('fields.content')} rules={[required('content'), { max: 1000 }]}>
          <TextArea placeholder={t('placeholders.content')} autoSize={{ minRows: 4, maxRows: 10 }} showCount maxLength={1000} data-testid="fb-content" />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')} rules={[required('name'), { max: 32 }]}>
          <Input placeholder={t('placeholders.name')} clearable data-testid="fb-name" />
        </Form.Item>
        <Form.Item name="phone" label={t('fields.phone')} rules={[required('phone'), phoneRule(t)]}>
          <PhoneInput placeholder={t('placeholders.phone')} testId="fb-phone" />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')} rules={[required('email'), { pattern: EMAIL, message: t('rules.email') }]}>
          <Input placeholder={t('placeholders.email')} type="email" clearable data-testid="fb-email" />
        </Form.Item>
      </Form>
    </PageFrame>
  );
}
