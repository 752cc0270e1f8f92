// The add / edit form of a NAT gateway's rule (natDetail snatConfig / dnatConfig, and the IPv6
// sheet). Adding: the rule kind's create schema without nat_gateway_id (it is this gateway), the
// EIP picked among the EIPs bound to this gateway, the seed's port rules (count equality, any
// alone, 1-65535, 4789 only over TCP) checked on blur and again by the server, whose 400 names the
// field. Editing (?rule=<id>): the engine changes a rule's name and description only, so the
// address and port fields are shown read-only; a rule of another gateway is not found.
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Toast } from 'antd-mobile';
import type { FullKind } from '../../../domain/kinds/kind-schemas.ts';
import type { ListKind } from '../../../domain/kinds/list-kind.ts';
import { fullKind } from '../../features/resources/full-kind.ts';
import { RequestError, noticeFor } from '../../lib/request.ts';
import { createResource, getResource, updateResource } from '../../features/resources/api.ts';
import { displayValue, fieldLabel, type Resource } from '../../features/resources/kind-meta.ts';
import { FormFields, exists } from '../../features/resources/forms/form-fields.tsx';
import { fieldsOf, initialValues, validateAll, validateField, type FormField } from '../../features/resources/forms/zod-fields.ts';
import { ruleFormPlan } from './nat-rules.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import './nat-rules.css';

interface FormProps {
  def: FullKind;
  parent: FullKind;
  gateway: Resource;
  ruleId: string | null;
  onDone: () => void;
  onCancel: () => void;
}

/** Moves a server 400 naming a field onto that field (the notice shows it too). */
function fieldOfError(err: unknown): { field: string; description: string } | null {
  if (!(err instanceof RequestError) || err.status !== 400) return null;
  const body = err.body as { field?: string; description?: string } | null;
  return body?.field ? { field: body.field, description: body.description ?? '' } : null;
}

function requiredErrors(fields: FormField[], values: Record<string, unknown>, label: (k: string) => string, t: (k: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) if (f.required && (values[f.key] === undefined || values[f.key] === '')) out[f.key] = `${label(f.key)}${t('errors:rules.required')}`;
  return out;
}

function AddForm({ def, parent, gateway, onDone, onCancel }: Omit<FormProps, 'ruleId'>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const plan = useMemo(() => ruleFormPlan(def, parent), [def, parent]);
  const fields = useMemo(() => fieldsOf(def.createSchema, def, new Set([plan.parentParam])), [def, plan.parentParam]);
  const eips = (gateway.relations ?? []).filter((r) => r.relation === 'bound_to' && r.direction === 'in' && r.kind === 'eip');
  const [values, setValues] = useState<Record<string, unknown>>(() => ({
    ...initialValues(fields),
    // One bound EIP is the usual case: start with it chosen.
    ...(plan.eipParam && eips.length === 1 ? { [plan.eipParam]: eips[0]!.id } : {}),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const label = (key: string) => fieldLabel(t, def, key);
  const noEip = plan.eipParam !== null && gateway.relations !== undefined && eips.length === 0;
  const submit = async () => {
    if (busy) return;
    const body = { ...values, [plan.parentParam]: gateway.id };
    // An empty required field reads 「…不能为空」 whatever rule its schema would break first.
    const errs = { ...validateAll(def.createSchema, body, label, t, exists), ...requiredErrors(fields, body, label, t) };
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const clean = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== '' && v !== undefined));
      const created = await createResource(def, clean);
      Toast.show({ content: created.message ?? t('nat:config.added') });
      await client.invalidateQueries({ queryKey: resourceKeys.kind(def.kind) });
      void client.invalidateQueries({ queryKey: resourceKeys.detail(parent.kind, gateway.id) });
      onDone();
    } catch (err) {
      const f = fieldOfError(err);
      if (f && fields.some((x) => x.key === f.field)) setErrors((s) => ({ ...s, [f.field]: f.description }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ys-natform" data-testid="rule-form" data-kind={def.kind}>
      <h2 className="ys-natform__title">{t('nat:config.add_title', { kind: t(`kinds:${def.kind}.name`) })}</h2>
      <div className="ys-natform__gateway">
        <span>{t('nat:config.gateway')}</span>
        <strong>{gateway.name}</strong>
      </div>
      {noEip ? (
        <div className="ys-form__notice ys-form__notice--orange" role="status" data-testid="rule-no-eip">
          {t('nat:config.no_eip')}
        </div>
      ) : null}
      {plan.hints.map((h) => (
        <div key={h} className="ys-form__hint ys-natform__hint">
          {t(`nat:config.${h}`)}
        </div>
      ))}
      <FormFields
        def={def}
        fields={fields}
        values={values}
        errors={errors}
        onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))}
        onError={(k, m) =>
          setErrors((s) => {
            const n = { ...s };
            if (m) n[k] = m;
            else delete n[k];
            return n;
          })
        }
        refFilters={(f) => (f.key === plan.eipParam ? { [plan.eipFilter]: gateway.id } : {})}
      />
      <div className="ys-natform__foot">
        <Button onClick={onCancel} data-testid="rule-cancel">
          {t('resources:common.cancel')}
        </Button>
        <Button color="primary" loading={busy} disabled={busy || noEip} data-testid="rule-submit" onClick={submit}>
          {t('nat:config.submit')}
        </Button>
      </div>
    </div>
  );
}

function EditForm({ def, parent, gateway, ruleId, onDone, onCancel }: FormProps & { ruleId: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const plan = useMemo(() => ruleFormPlan(def, parent), [def, parent]);
  // A missing or foreign rule is said here, inline: no global 「资源未找到」 notice on top of it.
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, ruleId), queryFn: () => getResource(def, ruleId, { notice: false }), retry: false });
  const rule = q.data;
  const editable = useMemo(() => fieldsOf(def.createSchema, def).filter((f) => f.key === 'name' || f.key === 'description'), [def]);
  const [values, setValues] = useState<Record<string, unknown> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // A rule of another gateway (or none at all) is not this page's to edit.
  const foreign = rule && rule.spec[plan.parentParam] !== gateway.id;
  if (q.isError || foreign) {
    // Not found (another gateway's, another tenant's, or gone) reads as missing; any other failure says why.
    const n =
      q.error instanceof RequestError && q.error.status !== 404 ? noticeFor(q.error.status, q.error.body, i18n.language === 'zh-TW' ? 'zh-TW' : 'zh-CN') : null;
    return (
      <div className="ys-natform ys-detail--missing" data-testid="rule-missing" role="alert">
        <p>{n?.kind === 'error' ? n.description : t('nat:config.missing')}</p>
        <div className="ys-natform__foot">
          <Button onClick={onCancel} data-testid="rule-back">
            {t('nat:config.back_list')}
          </Button>
        </div>
      </div>
    );
  }
  if (!rule) return <div className="ys-empty">{t('resources:common.loading')}</div>;
  const current = values ?? { name: rule.name, description: rule.spec.description ?? '' };
  const label = (key: string) => fieldLabel(t, def, key);
  const submit = async () => {
    if (busy) return;
    const errs: Record<string, string> = {};
    for (const f of editable) {
      const m = validateField(f, current[f.key], label(f.key), t, exists);
      if (m) errs[f.key] = m;
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      await updateResource(def, rule.id, { name: String(current.name), description: String(current.description ?? '') });
      Toast.show({ content: t('nat:config.saved') });
      await client.invalidateQueries({ queryKey: resourceKeys.kind(def.kind) });
      onDone();
    } catch (err) {
      const f = fieldOfError(err);
      if (f) setErrors((s) => ({ ...s, [f.field]: f.description }));
    } finally {
      setBusy(false);
    }
  };
  const shown = def.columns.map((c) => c.field).filter((k) => !['name', 'created_at'].includes(k));
  return (
    <div className="ys-natform" data-testid="rule-form" data-kind={def.kind} data-rule={rule.id}>
      <h2 className="ys-natform__title">{t('nat:config.edit_title', { kind: t(`kinds:${def.kind}.name`) })}</h2>
      <div className="ys-natform__gateway">
        <span>{t('nat:config.gateway')}</span>
        <strong>{gateway.name}</strong>
      </div>
      <dl className="ys-fields ys-natform__fixed">
        {shown.map((k) => (
          <div key={k} className="ys-fields__row">
            <dt>{label(k)}</dt>
            <dd>{displayValue(t, def, rule, k)}</dd>
          </div>
        ))}
      </dl>
      <div className="ys-form__hint ys-natform__hint">{t('nat:config.edit_note')}</div>
      <FormFields
        def={def}
        fields={editable}
        values={current}
        errors={errors}
        onChange={(k, v) => setValues({ ...current, [k]: v })}
        onError={(k, m) =>
          setErrors((s) => {
            const n = { ...s };
            if (m) n[k] = m;
            else delete n[k];
            return n;
          })
        }
      />
      <div className="ys-natform__foot">
        <Button onClick={onCancel} data-testid="rule-cancel">
          {t('resources:common.cancel')}
        </Button>
        <Button color="primary" loading={busy} disabled={busy} data-testid="rule-submit" onClick={submit}>
          {t('resources:common.save')}
        </Button>
      </div>
    </div>
  );
}

export function NatRuleForm(props: FormProps) {
  return props.ruleId ? <EditForm {...props} ruleId={props.ruleId} /> : <AddForm {...props} />;
}

/** The form of a rule kind and its gateway as their list models name them: the detail loads this module lazily, zod with it. */
export default function NatRuleFormOf({ def, parent, ...rest }: Omit<FormProps, 'def' | 'parent'> & { def: ListKind; parent: ListKind }) {
  return <NatRuleForm def={fullKind(def)} parent={fullKind(parent)} {...rest} />;
}
