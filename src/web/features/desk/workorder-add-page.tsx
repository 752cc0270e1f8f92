// workorderAdd/:workorder_type_id?/:question_id?: the work order form with the seed's rules (title
// under 32, contact under 8, mobile phone, e-mail, urgency, contact time, description, related
// resources) and attachments — photos from the phone camera are compressed in the browser. The draft
// and its files go to the outbox, so a work order written offline is sent once the network is back.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Selector, TextArea } from 'antd-mobile';
import { CONTACT_TIMES, URGENCIES, type Urgency } from '../../../domain/desk.ts';
import { PhoneInput, phoneRule } from '../../ui/phone-input.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { pushNotice } from '../../lib/notices.ts';
import { useOnline } from '../../offline/hooks.ts';
import { queueWorkorder } from './queue.ts';
import { fetchQuestions, fetchTemplates, fetchTypes } from './choices.ts';
import { AttachmentsField, useAttachments } from './workorder-attachments.tsx';
import { Loading } from './parts.tsx';
import './desk.css';
import { deskKeys } from './query-keys.ts';
import { clipText } from '../../lib/clip-text.ts';

interface Values {
  title: string;
  contact: string;
  phone: string;
  email: string;
  description: string;
  resources?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's choices: kept an hour, and read from the offline store when the network gives none. */
const CHOICE = { staleTime: 3600_000, networkMode: 'always' } as const;
const typesQuery = () => ({ queryKey: deskKeys.workorderTypes(), queryFn: fetchTypes, ...CHOICE });
const questionsQuery = (typeId: string) => ({
  queryKey: deskKeys.workorderQuestions(typeId),
  queryFn: () => fetchQuestions(typeId),
  enabled: !!typeId,
  ...CHOICE,
});
const templatesQuery = (typeId: string) => ({
  queryKey: deskKeys.workorderTemplates(typeId),
  queryFn: () => fetchTemplates(typeId),
  enabled: !!typeId,
  ...CHOICE,
});

/** The work order's type, then (where the type has them) its common questions. */
function TypeSection({
  typeId,
  questionId,
  onType,
  onQuestion,
}: {
  typeId: string;
  questionId: string;
  onType: (id: string) => void;
  onQuestion: (id: string) => void;
}) {
  const { t } = useTranslation('desk');
  const types = useQuery(typesQuery());
  const questions = useQuery(questionsQuery(typeId));
  return (
    <section className="ys-sd__section">
      <h2>{t('fields.type')}</h2>
      {types.isPending ? (
        <Loading />
      ) : (
        <Selector
          data-testid="workorder-type"
          columns={2}
          value={typeId ? [typeId] : []}
          onChange={(v) => onType(v[0] ?? '')}
          options={(types.data ?? []).map((ty) => ({ label: ty.name, value: ty.id, description: ty.description }))}
        />
      )}
      {typeId && (questions.data?.length ?? 0) > 0 && (
        <>
          <h2 style={{ marginTop: 12 }}>{t('fields.question')}</h2>
          <Selector
            columns={1}
            value={questionId ? [questionId] : []}
            onChange={(v) => onQuestion(v[0] ?? '')}
            options={(questions.data ?? []).map((q) => ({ label: q.name, value: q.id }))}
          />
        </>
      )}
    </section>
  );
}

export default function WorkorderAddPage() {
  const { t } = useTranslation('desk');
  const navigate = useNavigate();
  const online = useOnline();
  const params = useParams();
  const [form] = Form.useForm<Values>();
  const [typeId, setTypeId] = useState<string>(params.workorder_type_id ?? '');
  const [questionId, setQuestionId] = useState<string>(params.question_id ?? '');
  const [urgency, setUrgency] = useState<Urgency>('medium');
  const [contactTime, setContactTime] = useState<string>('any');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attachments = useAttachments(setProblem);
  const { files } = attachments;

  const templates = useQuery(templatesQuery(typeId));
  // The type grid above the form, and the questions and templates of a type the address names, come
  // with the choices: the form waits for them, so it does not move down when they arrive (issue 28:
  // CLS 0.10 when the grid replaced its spinner). A type picked later shows its own as before.
  const given = params.workorder_type_id ?? '';
  const settling = [useQuery(typesQuery()), useQuery(questionsQuery(given)), useQuery(templatesQuery(given))].some(
    (q) => q.isPending && q.fetchStatus !== 'idle',
  );

  async function submit(values: Values) {
    if (!typeId) {
      setProblem(t('workorder.choose_type'));
      return;
    }
    setBusy(true);
    try {
      const body = {
        workorder_type_id: typeId,
        ...(questionId ? { question_id: questionId } : {}),
        title: values.title.trim(),
        contact: values.contact.trim(),
        phone: values.phone.trim(),
        email: values.email.trim(),
        urgency,
        contact_time: contactTime as (typeof CONTACT_TIMES)[number],
        description: values.description.trim(),
        resource_ids: (values.resources ?? '')
          .split(/[,，\s]+/)
          .map((s) => s.trim())
          .filter(Boolean),
      };
      await queueWorkorder(
        body,
        files.map((f) => ({ name: f.name, type: f.type, blob: f.blob })),
        t('outbox.workorder', { title: clipText(body.title, 24) }),
      );
      pushNotice({ type: online ? 'success' : 'info', description: online ? t('workorder.sent_notice') : t('workorder.queued_notice'), seconds: 4 });
      navigate('/workorderList');
    } finally {
      setBusy(false);
    }
  }

  const required = (field: string) => ({ required: true, message: t('rules.required', { field: t(`fields.${field}`) }) });

  return (
    <PageFrame name="workorderAdd" className="ys-sd">
      <div className="ys-sd__bar">
        <h1>{t('workorder.add_title')}</h1>
      </div>
      <TypeSection
        typeId={typeId}
        questionId={questionId}
        onType={(id) => {
          setTypeId(id);
          setQuestionId('');
        }}
        onQuestion={setQuestionId}
      />
      {settling ? null : (
        <Form
          form={form}
          className="ys-sd__form"
          layout="vertical"
          onFinish={(v) => void submit(v)}
          initialValues={{ title: '', contact: '', phone: '', email: '', description: '', resources: '' }}
          footer={
            <Button block type="submit" color="primary" size="large" loading={busy} data-testid="workorder-submit">
              {t('workorder.submit')}
            </Button>
          }
        >
          <Form.Item name="title" label={t('fields.title')} rules={[required('title'), { max: 31, message: t('rules.title_max') }]}>
            <Input placeholder={t('placeholders.title')} clearable data-testid="wo-title" />
          </Form.Item>
          <Form.Item name="contact" label={t('fields.contact')} rules={[required('contact'), { max: 7, message: t('rules.contact_max') }]}>
            <Input placeholder={t('placeholders.contact')} clearable data-testid="wo-contact" />
          </Form.Item>
          <Form.Item name="phone" label={t('fields.phone')} rules={[required('phone'), phoneRule(t)]}>
            <PhoneInput placeholder={t('placeholders.phone')} testId="wo-phone" />
          </Form.Item>
          <Form.Item name="email" label={t('fields.email')} rules={[required('email'), { pattern: EMAIL, message: t('rules.email') }]}>
            <Input placeholder={t('placeholders.email')} type="email" clearable data-testid="wo-email" />
          </Form.Item>
          <Form.Item label={t('fields.urgency')}>
            <Selector
              columns={4}
              value={[urgency]}
              onChange={(v) => v[0] && setUrgency(v[0])}
              options={URGENCIES.map((u) => ({ label: t(`urgency.${u}`), value: u }))}
            />
          </Form.Item>
          <Form.Item label={t('fields.contact_time')}>
            <Selector
              columns={1}
              value={[contactTime]}
              onChange={(v) => v[0] && setContactTime(v[0])}
              options={CONTACT_TIMES.map((c) => ({ label: t(`contact_time.${c}`), value: c }))}
            />
          </Form.Item>
          {(templates.data?.length ?? 0) > 0 && (
            <Form.Item label={t('workorder.template_pick')}>
              <div className="ys-sd__actions">
                {templates.data!.map((tp) => (
                  <Button key={tp.id} size="small" fill="outline" onClick={() => form.setFieldValue('description', tp.content)}>
                    {tp.name}
                  </Button>
                ))}
              </div>
            </Form.Item>
          )}
          <Form.Item name="description" label={t('fields.description')} rules={[required('description'), { max: 1000 }]}>
            <TextArea
              placeholder={t('placeholders.description')}
              autoSize={{ minRows: 4, maxRows: 10 }}
              showCount
              maxLength={1000}
              data-testid="wo-description"
            />
          </Form.Item>
          <Form.Item name="resources" label={t('fields.resources')}>
            <Input placeholder={t('placeholders.resources')} clearable />
          </Form.Item>
          <AttachmentsField attachments={attachments} problem={problem} />
        </Form>
      )}
    </PageFrame>
  );
}
