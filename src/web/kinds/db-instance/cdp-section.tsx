// CDP protection of an instance (ADR 0060), below its DR tasks: retention 1-7 days and a standby
// space of at least 2.5 × the instance's data, which the server reads from the engine's table sizes
// and names in its refusal.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Stepper } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { formatDateTime } from '../../../domain/time-format.ts';
import { isSqlConsoleEngine } from '../../../domain/kinds/db-instance/db-instance.rules.ts';
import { CDP_RETENTION, CDP_SPACE_FACTOR, sizeText } from '../../../domain/dataprotect.ts';
import { SpinLoading } from '../../ui/light/spin-loading.tsx';
import { Toast } from '../../ui/light/toast.ts';
import type { Resource } from '../../features/resources/kind-meta.ts';
import { cdpKey, createCdp, listCdp } from './dataprotect-api.ts';
import { StateTag, nameRule } from './dp-frame.tsx';
import { failureText } from './admin-frame.tsx';
import { Sheet } from './accounts-page.tsx';

export function CdpSection({ row }: { row: Resource }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const q = useQuery({
    queryKey: cdpKey(row.id),
    queryFn: () => listCdp(row.id),
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'initializing') ? 2000 : false),
  });
  if (!isSqlConsoleEngine(row.spec.engine)) return null;
  const rows = q.data?.data ?? [];
  return (
    <section className="ys-dba__body ys-dp__cdp" data-testid="cdp-section">
      <div className="ys-dba__bar">
        <div>
          <h2 className="ys-dp__h2">{t('dataprotect:cdp.title')}</h2>
          <p className="ys-dba__hint">{t('dataprotect:cdp.hint', { factor: CDP_SPACE_FACTOR })}</p>
        </div>
        <Button
          color="primary"
          fill="outline"
          size="small"
          className="ys-dba__add"
          onClick={() => setAdding(true)}
          disabled={row.status !== 'running'}
          data-testid="cdp-add"
        >
          <AddOutline /> {t('dataprotect:cdp.add')}
        </Button>
      </div>
      {q.isPending ? (
        <div className="ys-dba__state">
          <SpinLoading /> {t('dataprotect:loading')}
        </div>
      ) : !rows.length ? (
        <div className="ys-dba__empty">
          <p>{t('dataprotect:cdp.empty')}</p>
        </div>
      ) : (
        <ul className="ys-dba__cards ys-dp__grid" data-testid="cdp-cards">
          {rows.map((d) => (
            <li key={d.id} className="ys-dba__card">
              <div className="ys-dba__cardhead">
                <span className="ys-dba__cardname">{d.name}</span>
                <StateTag state={d.status} />
              </div>
              <dl className="ys-dba__meta">
                <dt>{t('dataprotect:cdp.retention')}</dt>
                <dd>{t('dataprotect:cdp.days', { n: d.retention_days })}</dd>
                <dt>{t('dataprotect:cdp.space')}</dt>
                <dd>{t('dataprotect:cdp.space_value', { space: `${d.space_gb} GB`, data: sizeText(d.data_bytes) })}</dd>
                <dt>{t('dataprotect:created_at')}</dt>
                <dd>{formatDateTime(d.created_at)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Sheet open={adding} title={t('dataprotect:cdp.add')} onClose={() => setAdding(false)}>
        {adding ? (
          <CdpForm
            id={row.id}
            onCancel={() => setAdding(false)}
            onDone={async () => {
              setAdding(false);
              Toast.show({ content: t('dataprotect:cdp.created') });
              await client.invalidateQueries({ queryKey: cdpKey(row.id) });
            }}
          />
        ) : null}
      </Sheet>
    </section>
  );
}

function CdpForm(props: { id: string; onDone: () => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (v: { name: string; retention_days: number; space_gb: string }) => {
    setBusy(true);
    setFailure(null);
    try {
      await createCdp(props.id, { name: v.name.trim(), retention_days: v.retention_days, space_gb: Number(v.space_gb) });
      await props.onDone();
    } catch (e) {
      setFailure(failureText(e, t('dataprotect:failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      layout="vertical"
      className="ys-dba__form"
      initialValues={{ retention_days: 3, space_gb: '10' }}
      onFinish={submit}
      footer={
        <>
          {failure ? (
            <div className="ys-dba__failure" role="alert" data-testid="dp-failure">
              {failure}
            </div>
          ) : null}
          <div className="ys-dba__formbtns">
            <Button onClick={props.onCancel}>{t('dataprotect:cancel')}</Button>
            <Button color="primary" type="submit" loading={busy} data-testid="cdp-submit">
              {t('dataprotect:submit')}
            </Button>
          </div>
        </>
      }
    >
      <Form.Item name="name" label={t('dataprotect:name')} required rules={[nameRule(t)]}>
        <Input placeholder={t('dataprotect:name_placeholder')} autoComplete="off" data-testid="cdp-name" />
      </Form.Item>
      <Form.Item name="retention_days" label={t('dataprotect:cdp.retention')} description={t('dataprotect:rules.cdp_retention', CDP_RETENTION)}>
        <Stepper min={CDP_RETENTION.min} max={CDP_RETENTION.max} digits={0} />
      </Form.Item>
      <Form.Item
        name="space_gb"
        label={t('dataprotect:cdp.space_gb')}
        required
        description={t('dataprotect:cdp.hint', { factor: CDP_SPACE_FACTOR })}
        rules={[
          {
            validator: (_r, v: string | undefined) => (Number(v) > 0 ? Promise.resolve() : Promise.reject(new Error(t('dataprotect:rules.space')))),
          },
        ]}
      >
        <Input type="number" inputMode="decimal" data-testid="cdp-space" />
      </Form.Item>
    </Form>
  );
}
