// Running an action on one or many resources (STYLE item 2 "actions are objects"): a params form
// from the action's zod params, the seed's confirm dialogs (warning, enable, disable, delete), the
// SMS-verified delete flow, batch calls with a per-row summary. Refusals (409) arrive as the
// server's description through the request helper's notice.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DotLoading } from 'antd-mobile';
import { Dialog, Popup } from '../../ui/light/overlay.tsx';
import { Toast } from '../../ui/light/toast.ts';
import type { ListAction, ListKind } from '../../../domain/kinds/list-kind.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { RequestError } from '../../lib/request.ts';
import { deleteResource, runAction, runBatch, type BatchAnswer, type RowScope } from './api.ts';
import { actionLabel, type Resource } from './kind-meta.ts';
import { withConsoleTexts } from '../../lib/i18n.ts';
import { resourceKeys } from './query-keys.ts';

// The params form and the SMS-verified delete load when first needed (their own chunks).
const ParamsForm = lazy(() => withConsoleTexts(import('./actions/action-params.tsx')));
const SmsDelete = lazy(() => withConsoleTexts(import('./actions/sms-delete.tsx')).then((m) => ({ default: m.SmsDelete })));

type Step =
  | { type: 'confirm'; action: ListAction; rows: Resource[] }
  | { type: 'params'; action: ListAction; rows: Resource[] }
  | { type: 'sms'; action: ListAction; rows: Resource[] }
  | { type: 'batch'; action: ListAction; answer: BatchAnswer; rows: Resource[] };

export interface ActionRunner {
  run: (action: ListAction, rows: Resource[]) => void;
  element: ReactNode;
}

/** The dialog variant of an action: its own, else warning for actions that change a running resource. */
export const dialogOf = (action: ListAction) => action.dialog ?? null;

/**
 * `scopeOf`: the scope a row's call is sent in (the admin lists' rows of other tenants); without it
 * the session's. Batches run in the session's scope only.
 */
export function useActionRunner(def: ListKind, opts: { onChanged?: () => void; scopeOf?: (row: Resource) => RowScope } = {}): ActionRunner {
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const client = useQueryClient();
  const [step, setStep] = useState<Step | null>(null);
  const close = () => setStep(null);
  const changed = () => {
    close();
    void client.invalidateQueries({ queryKey: resourceKeys.kind(def.kind) });
    opts.onChanged?.();
  };
  const scopeOf = (rows: Resource[]) => (rows.length === 1 && opts.scopeOf ? opts.scopeOf(rows[0]!) : undefined);

  const execute = async (action: ListAction, rows: Resource[]) => {
    try {
      if (rows.length > 1) {
        const answer = await runBatch(
          def,
          rows.map((r) => r.id),
          action.id,
        );
        if (answer.data.some((d) => !d.ok)) {
          setStep({ type: 'batch', action, answer, rows });
          return;
        }
        Toast.show({ content: t('resources:messages.batch_done', { count: answer.data.length }) });
      } else if (action.id === 'delete') {
        const res = await deleteResource(def, rows[0]!.id, undefined, scopeOf(rows));
        Toast.show({ content: res.message ?? t('resources:messages.done') });
      } else {
        const res = await runAction(def, rows[0]!.id, action.id, {}, scopeOf(rows));
        Toast.show({ content: res.message ?? t('resources:messages.done') });
      }
      changed();
    } catch (err) {
      if (!(err instanceof RequestError)) throw err;
      close();
    }
  };

  const run = (action: ListAction, rows: Resource[]) => {
    if (!rows.length) return;
    if (action.id === 'delete' && action.sms) {
      setStep({ type: 'sms', action, rows });
      return;
    }
    if (action.hasParams || ('params' in action && action.params)) {
      setStep({ type: 'params', action, rows });
      return;
    }
    if (dialogOf(action)) {
      setStep({ type: 'confirm', action, rows });
      return;
    }
    void execute(action, rows);
  };

  const names = step ? step.rows.map((r) => r.name).join('、') : '';
  let element: ReactNode = null;
  if (step?.type === 'confirm') {
    const variant = dialogOf(step.action)!;
    const label = actionLabel(t, def, step.action.id);
    element = (
      <Dialog
        visible
        onClose={close}
        title={t(`resources:dialog.${variant}.title`, { action: label })}
        content={
          <div className={`ys-dialog ys-dialog--${variant}`} data-testid="confirm-dialog">
            {t(`resources:dialog.${variant}.content`, { action: label, names, count: step.rows.length })}
          </div>
        }
        actions={[
          [
            { key: 'cancel', text: t('resources:common.cancel'), onClick: close },
            {
              key: 'ok',
              text: label,
              bold: true,
              danger: variant === 'delete' || variant === 'disable',
              onClick: () => {
                void execute(step.action, step.rows);
              },
            },
          ],
        ]}
      />
    );
  } else if (step?.type === 'params') {
    const form = (
      <Suspense fallback={<DotLoading />}>
        <ParamsForm def={def} action={step.action} rows={step.rows} scope={scopeOf(step.rows)} onDone={changed} onCancel={close} />
      </Suspense>
    );
    element =
      bp === 'phone' ? (
        <Popup visible onMaskClick={close} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '85vh', overflowY: 'auto' }}>
          {form}
        </Popup>
      ) : (
        <Popup visible position="right" onMaskClick={close} bodyStyle={{ width: 'min(480px, 100vw)', overflowY: 'auto' }}>
          {form}
        </Popup>
      );
  } else if (step?.type === 'sms') {
    element = (
      <Suspense fallback={null}>
        <SmsDelete def={def} rows={step.rows} scope={scopeOf(step.rows)} onDone={changed} onCancel={close} />
      </Suspense>
    );
  } else if (step?.type === 'batch') {
    const failed = step.answer.data.filter((d) => !d.ok);
    element = (
      <Dialog
        visible
        onClose={close}
        title={t('resources:batch.result_title')}
        content={
          <div data-testid="batch-result">
            <p>{t('resources:batch.result', { ok: step.answer.data.length - failed.length, failed: failed.length })}</p>
            <ul className="ys-batch__fails">
              {failed.map((f) => (
                <li key={f.id}>{`${step.rows.find((r) => r.id === f.id)?.name ?? f.id}：${f.description ?? ''}`}</li>
              ))}
            </ul>
          </div>
        }
        actions={[{ key: 'ok', text: t('resources:common.ok'), onClick: changed }]}
      />
    );
  }
  return { run, element };
}
