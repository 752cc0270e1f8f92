// The SMS-verified delete flow (seed 000 §4, §5, §9): ask the server whether a code is needed;
// status true and phone not verified → verify the phone first (/handlePhone/verify); status true
// and verified → code form with 获取验证码, a 60 s countdown, then 重新获取; status false → a plain
// confirm. Kinds with a recycle bin also ask the retention days (7–60, default 60).
// Several rows go in ONE call, POST /api/{collection}/batch-delete, carrying the one code for the
// whole set (the server spends it once for that set; see routes/sms.routes.ts); its answer says per
// resource whether it went or why its state refused it, and the refused ones are shown by name.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Input, Toast } from 'antd-mobile';
import { DELETE_RETENTION, SMS_COUNTDOWN_SECONDS } from '../../../../domain/constants.ts';
import { retentionValid, smsOperateType } from '../forms/screen-rules.ts';
import { batchOutcome } from '../../../../domain/schemas/shared-ops.schema.ts';
import { deleteResource, sendSmsCode, smsNecessity, type RowScope } from '../api.ts';
import { batchDelete, type BatchDeleteAnswer } from '../ops-api.ts';
import type { Resource } from '../kind-meta.ts';
import type { ListKind } from '../../../../domain/kinds/list-kind.ts';
import { fullKind } from '../full-kind.ts';
import { resourceKeys } from '../query-keys.ts';

interface SmsDeleteProps {
  def: ListKind;
  rows: Resource[];
  /** a lone row's own scope (the admin lists), else the session's */
  scope?: RowScope;
  onDone: () => void;
  onCancel: () => void;
}

export function SmsDelete({ def: listDef, rows, scope, onDone, onCancel }: SmsDeleteProps) {
  const def = fullKind(listDef);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const type = smsOperateType(def);
  const check = useQuery({
    queryKey: resourceKeys.smsNecessity(type, rows[0]?.id),
    queryFn: () => smsNecessity(type, { id: rows[0]!.id }),
    staleTime: 0,
    gcTime: 0,
  });
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  // 「验证码已发送」 is said inside the dialog, under the code row: a toast over a small phone's
  // dialog covered its inputs and buttons.
  const [sentText, setSentText] = useState<string | null>(null);
  const [countdown, setCountdown] = useState(0);
  const [days, setDays] = useState(String(DELETE_RETENTION.default));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BatchDeleteAnswer | null>(null);
  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  if (check.isError) {
    onCancel();
    return null;
  }
  if (!check.data) return null;
  const c = check.data;
  const names = rows.map((r) => r.name).join('、');

  if (c.status && !c.is_phone_validate) {
    return (
      <VerifyFirstDialog
        onCancel={onCancel}
        onGo={() => {
          onCancel();
          navigate('/handlePhone/verify');
        }}
      />
    );
  }

  const getCode = async () => {
    try {
      const res = await sendSmsCode(type);
      setSent(true);
      setCountdown(SMS_COUNTDOWN_SECONDS);
      setSentText(res.message ?? t('resources:sms.sent', { phone: res.phone }));
    } catch {
      /* notice shown */
    }
  };

  const submit = async () => {
    if (busy) return;
    if (def.recycle && !retentionValid(days)) {
      setError(`${t('resources:sms.retention')}${t('resources:sms.retention_rule')}`);
      return;
    }
    if (c.status && !sent) {
      setError(t('errors:rules.sms_code_first'));
      return;
    }
    if (c.status && !/^\d{6}$/.test(code)) {
      setError(t('errors:rules.sms_code_format'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      if (rows.length > 1) {
        const answer = await batchDelete(def, {
          ids: rows.map((r) => r.id),
          ...(c.status ? { sms_operate_type: type, sms_code: code } : {}),
          ...(def.recycle ? { delayed_days: Number(days) } : {}),
        });
        if (answer.data.some((d) => !d.ok)) {
          setResult(answer);
          return;
        }
        Toast.show({ content: t('ops:batch_delete.all_done', { count: answer.data.length }) });
        onDone();
        return;
      }
      const sms = c.status ? { sms_necessity_flag: 1, sms_operate_type: type, sms_code: code } : {};
      const res = await deleteResource(def, rows[0]!.id, { ...sms, ...(def.recycle ? { delayed_days: Number(days) } : {}) }, scope);
      Toast.show({ content: res.message ?? t('resources:messages.done') });
      onDone();
    } catch {
      /* notice shown */
    } finally {
      setBusy(false);
    }
  };

  if (result) return <BatchResultDialog result={result} rows={rows} onDone={onDone} />;

  return (
    <Dialog
      visible
      onClose={onCancel}
      title={t('resources:dialog.delete.title', { action: t(`kinds:${def.kind}.actions.delete`) })}
      content={
        <div className="ys-sms" data-testid="sms-delete">
          <p className="ys-sms__text">{t('resources:dialog.delete.content', { names, count: rows.length, action: t(`kinds:${def.kind}.actions.delete`) })}</p>
          {def.recycle ? (
            <label className="ys-sms__row">
              <span className="ys-sms__label">
                <span className="ys-form__required">*</span>
                {t('resources:sms.retention')}
              </span>
              <Input type="number" value={days} onChange={setDays} data-testid="retention-days" aria-label={t('resources:sms.retention')} />
              <span className="ys-sms__unit">{t('kinds:units.day')}</span>
            </label>
          ) : null}
          {c.status ? (
            <CodeRow phone={c.phone ?? ''} code={code} setCode={setCode} countdown={countdown} sent={sent} sentText={error ? null : sentText} onGet={getCode} />
          ) : null}
          {error ? (
            <div className="ys-form__error" role="alert">
              {error}
            </div>
          ) : null}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t('resources:common.cancel'), onClick: onCancel },
          {
            key: 'ok',
            text: t('resources:common.confirm'),
            bold: true,
            danger: true,
            disabled: busy,
            onClick: () => {
              void submit();
            },
          },
        ],
      ]}
    />
  );
}

function VerifyFirstDialog({ onCancel, onGo }: { onCancel: () => void; onGo: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible
      onClose={onCancel}
      title={t('resources:sms.verify_title')}
      content={<div data-testid="sms-verify-first">{t('resources:sms.verify_first')}</div>}
      actions={[
        [
          { key: 'cancel', text: t('resources:common.cancel'), onClick: onCancel },
          { key: 'go', text: t('resources:sms.go_verify'), bold: true, onClick: onGo },
        ],
      ]}
    />
  );
}

/** The answer of a batch delete that refused some rows: how many went, and each refused one by name. */
function BatchResultDialog({ result, rows, onDone }: { result: BatchDeleteAnswer; rows: Resource[]; onDone: () => void }) {
  const { t } = useTranslation();
  const outcome = batchOutcome(result.data, (id) => rows.find((r) => r.id === id)?.name);
  return (
    <Dialog
      visible
      onClose={onDone}
      title={t('ops:batch_delete.result_title')}
      content={
        <div data-testid="batch-delete-result">
          <p>{t('ops:batch_delete.result', { ok: outcome.ok, failed: outcome.refused.length })}</p>
          <div className="ys-sms__phone">{t('ops:batch_delete.refused_title')}</div>
          <ul className="ys-batch__fails">
            {outcome.refused.map((f) => (
              <li key={f.id} data-testid="batch-refused">{`${f.name}：${f.description}`}</li>
            ))}
          </ul>
        </div>
      }
      actions={[{ key: 'ok', text: t('resources:common.ok'), onClick: onDone }]}
    />
  );
}

interface CodeRowProps {
  phone: string;
  code: string;
  setCode: (v: string) => void;
  countdown: number;
  sent: boolean;
  /** 「验证码已发送」, said under the code row (null while an error shows) */
  sentText: string | null;
  onGet: () => void;
}

/** The phone the code goes to, the code input and 获取验证码 / its countdown / 重新获取. */
function CodeRow({ phone, code, setCode, countdown, sent, sentText, onGet }: CodeRowProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="ys-sms__phone">{t('resources:sms.phone', { phone })}</div>
      <div className="ys-sms__row">
        <Input
          value={code}
          onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
          placeholder={t('resources:sms.code_placeholder')}
          data-testid="sms-code"
          aria-label={t('resources:sms.code')}
        />
        <Button size="small" color="primary" fill="outline" disabled={countdown > 0} onClick={onGet} data-testid="sms-get">
          {countdown > 0 ? t('resources:sms.countdown', { s: countdown }) : sent ? t('resources:sms.resend') : t('resources:sms.get')}
        </Button>
      </div>
      {sentText ? (
        <div className="ys-sms__sent" role="status" data-testid="sms-sent">
          {sentText}
        </div>
      ) : null}
    </>
  );
}
