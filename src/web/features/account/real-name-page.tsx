// auth: enterprise real-name verification — the enterprise, its licence number (1-18) and the
// business licence (judged by its content on the server), then the review state.
import { lazy, Suspense, useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { upload } from '../../lib/request.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { fetchRealName, type RealName } from './account-api.ts';
import './account.css';
import { accountKeys } from './query-keys.ts';

interface Values {
  enterprise: string;
  licence_number: string;
}

function formatTime(value: string): string {
  const parts = new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(new Date(value));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

// The platform's review of verifications and phone changes (?view=review): its own chunk.
const AccountReview = lazy(() => import('./account-review.tsx'));

export default function RealNamePage() {
  const [params] = useSearchParams();
  const handle = usePageHandle();
  if (params.get('view') !== 'review') return <RealNameForm />;
  return (
    <PageFrame name={handle?.name ?? 'auth'} className="ys-mine">
      <Suspense>
        <AccountReview />
      </Suspense>
    </PageFrame>
  );
}

function RealNameForm() {
  const { t } = useTranslation('account');
  const handle = usePageHandle();
  const client = useQueryClient();
  const query = useQuery({ queryKey: accountKeys.realName(), queryFn: fetchRealName });
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = query.data ?? null;
  const open = !current || current.status === 'rejected';

  function pick(e: ChangeEvent<HTMLInputElement>) {
    setFile(e.target.files?.[0] ?? null);
    setProblem(null);
  }

  async function submit(v: Values) {
    if (!file) {
      setProblem(t('real_name.file_required'));
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('enterprise', v.enterprise.trim());
      form.append('licence_number', v.licence_number.trim());
      form.append('licence', file, file.name);
      const res = await upload<{ data: RealName }>('/api/v1/account/real-name', form);
      client.setQueryData(accountKeys.realName(), res.data);
    } catch {
      // the request helper showed the server's notice
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageFrame name={handle?.name ?? 'auth'} className="ys-mine">
      <section className="ys-mine__head">
        <div className="ys-mine__name">{t('real_name.title')}</div>
        <p className="ys-mine__hint">{t('real_name.intro')}</p>
      </section>
      {current && (
        <section className="ys-mine__head" data-testid="real-name-state" data-status={current.status}>
          <div>{`${t('real_name.status')}：${t(`real_name.${current.status}`)}`}</div>
          <p className="ys-mine__hint">{`${t('real_name.enterprise')}：${current.enterprise}`}</p>
          <p className="ys-mine__hint">{`${t('real_name.licence_number')}：${current.licence_number}`}</p>
          <p className="ys-mine__hint">{`${t('real_name.submitted_at')}：${formatTime(current.created_at)}`}</p>
          {current.status === 'reviewing' && <p className="ys-mine__hint">{t('real_name.reviewing_hint')}</p>}
          {current.status === 'rejected' && <p className="ys-mine__hint">{t('real_name.rejected_hint', { reason: current.reject_reason ?? '' })}</p>}
        </section>
      )}
      {!query.isPending && open && (
        <Form
          layout="vertical"
          className="ys-mine__form"
          onFinish={(v: Values) => void submit(v)}
          footer={
            <Button block type="submit" color="primary" size="large" loading={busy} data-testid="real-name-submit">
              {t('real_name.submit')}
            </Button>
          }
        >
          <Form.Item
            name="enterprise"
            label={t('real_name.enterprise')}
            rules={[{ required: true, min: 2, max: 60, message: t('real_name.required', { field: t('real_name.enterprise') }) }]}
          >
            <Input placeholder={t('real_name.enterprise_placeholder')} clearable />
          </Form.Item>
          <Form.Item
            name="licence_number"
            label={t('real_name.licence_number')}
            rules={[
              { required: true, message: t('real_name.required', { field: t('real_name.licence_number') }) },
              { pattern: /^[0-9A-Za-z]{1,18}$/, message: t('real_name.number_rule') },
            ]}
          >
            <Input placeholder={t('real_name.licence_placeholder')} maxLength={18} clearable />
          </Form.Item>
          <Form.Item label={t('real_name.licence')}>
            <label className="ys-mine__pick">
              {file ? file.name : t('real_name.pick')}
              <input className="ys-mine__file" type="file" accept="image/png,image/jpeg,application/pdf,.pdf" onChange={pick} data-testid="real-name-file" />
            </label>
            {problem && (
              <div role="alert" className="ys-mine__error">
                {problem}
              </div>
            )}
          </Form.Item>
        </Form>
      )}
    </PageFrame>
  );
}
