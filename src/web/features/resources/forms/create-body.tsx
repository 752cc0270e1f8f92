// The body of the create form (create-form.tsx opens it; a chunk of its own, loaded when the form
// opens, so the list's first load carries no form code). The create form of kinds made from their list page (create-rules.ts: VPC, subnet): a bottom
// popup on phones, a centred modal from tablets up, its fields derived from the kind's create
// schema (the rules the server applies), placement through the shared vendor → region → zone
// cascade, and for a subnet the VPC's CIDR, the free addresses of the entered CIDR and the
// inside-the-VPC / no-overlap check as the user types. Creating refreshes the kind's lists, where
// the new row goes from 创建中 to 可用 live (live.ts).
import { use, useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { Toast } from '../../../ui/light/toast.ts';
import type { FullKind } from '../../../../domain/kinds/kind-schemas.ts';
import { kindOf } from '../../../../domain/kinds/registry.ts';
import { subnetCidrProblem, subnetFreeIps } from '../../../../domain/kinds/subnet/subnet.rules.ts';
import { RequestError } from '../../../lib/request.ts';
import { createResource, getResource, listResources } from '../api.ts';
import { fieldLabel } from '../kind-meta.ts';
import { FormFields, exists } from './form-fields.tsx';
import { PlacementFields, placementErrors, usePlacement } from './placement.tsx';
import { siblingCidrs } from './create-rules.ts';
import { cleanForm, fieldsOf, initialValues, validateAll, PLACEMENT_KEYS, type FormField } from './zod-fields.ts';
import './forms.css';
import type { ListKind } from '../../../../domain/kinds/list-kind.ts';
import { ownFullKind } from './own-kind.ts';
import { resourceKeys } from '../query-keys.ts';

type Values = Record<string, unknown>;

/** Name first, description last, the rest in the schema's order (placement is drawn apart). */
function formFields(def: FullKind): FormField[] {
  // A kind placed by vendor alone (a cloud account) asks for the vendor as a plain choice.
  const all = fieldsOf(def.createSchema, def).filter((f) => !PLACEMENT_KEYS.has(f.key) || (def.placement === 'vendor' && f.key === 'vendor'));
  const rank = (f: FormField) => (f.key === 'name' ? 0 : f.key === 'description' ? 2 : 1);
  return [...all].sort((a, b) => rank(a) - rank(b));
}

export default function CreateBody({ def: listDef, onDone, onCancel }: { def: ListKind; onDone: () => void; onCancel: () => void }) {
  const def = use(ownFullKind(listDef.kind));
  const { t } = useTranslation();
  const client = useQueryClient();
  const fields = useMemo(() => formFields(def), [def]);
  const own = def.placement === 'own';
  const [values, setValues] = useState<Values>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = useCallback((patch: Values) => setValues((v) => ({ ...v, ...patch })), []);
  const p = usePlacement(def.productCode, values, set);
  const label = (key: string) => fieldLabel(t, def, key);

  // A subnet: its VPC's CIDR and the subnets already in it (the same rule the server applies).
  const vpcDef = kindOf('vpc')!;
  const vpcId = def.kind === 'subnet' && typeof values.vpc_id === 'string' && values.vpc_id ? values.vpc_id : undefined;
  const vpc = useQuery({ queryKey: resourceKeys.cidrOf('vpc', vpcId), queryFn: () => getResource(vpcDef, vpcId!), enabled: Boolean(vpcId) });
  const vpcRow = vpc.data?.id === vpcId ? vpc.data : undefined;
  const siblings = useQuery({
    queryKey: resourceKeys.options('subnet', { vpc_id: vpcId }),
    queryFn: () => listResources(def, { vpc_id: vpcId!, __limit: 1000 } as never),
    enabled: Boolean(vpcId),
  });
  const cidrProblem = (cidr: unknown): string | null => {
    if (def.kind !== 'subnet' || typeof cidr !== 'string' || !cidr || !vpcRow) return null;
    const problem = subnetCidrProblem(cidr, String(vpcRow.spec.cidr ?? ''), siblingCidrs(siblings.data?.data ?? [], vpcRow.id));
    return problem ? `${label('cidr')}${t(`errors:rules.${problem}`)}` : null;
  };
  const freeIps = def.kind === 'subnet' && typeof values.cidr === 'string' && !errors.cidr && !cidrProblem(values.cidr) ? subnetFreeIps(values.cidr) : null;

  const onError = (key: string, message: string | null) =>
    setErrors((s) => {
      const n = { ...s };
      const m = message ?? (key === 'cidr' ? cidrProblem(values.cidr) : null);
      if (m) n[key] = m;
      else delete n[key];
      return n;
    });

  const submit = async () => {
    if (busy) return;
    const errs = { ...(own ? placementErrors(values, label, t('errors:rules.required')) : {}), ...validateAll(def.createSchema, values, label, t, exists) };
    const c = errs.cidr ? null : cidrProblem(values.cidr);
    if (c) errs.cidr = c;
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const body = Object.fromEntries(Object.entries(cleanForm(values)).filter(([, v]) => v !== undefined));
      const created = await createResource(def, body);
      Toast.show({ content: t('forms:create.done') });
      // The lists show the new row at once; its status then follows the events.
      await client.invalidateQueries({ queryKey: resourceKeys.kind(def.kind), predicate: (q) => q.queryKey[2] !== 'detail' });
      onDone();
      return created;
    } catch (err) {
      // The request helper shows the server's reason; a rule the server checks on one field (a
      // key of the wrong vendor) is also shown under that field.
      const field = err instanceof RequestError && err.status === 400 ? err.body?.field : undefined;
      if (field && err instanceof RequestError && fields.some((f) => f.key === field)) setErrors((s) => ({ ...s, [field]: err.body?.description ?? '' }));
    } finally {
      setBusy(false);
    }
    return undefined;
  };

  const fieldProps = {
    def,
    values,
    errors,
    onError,
    onChange: (k: string, v: unknown) => set({ [k]: v }),
    refFilters: (f: FormField) => {
      const link = def.createLinks?.find((l) => l.param === f.key);
      return link?.allowedFrom ? { status: link.allowedFrom.join(',') } : {};
    },
  };
  const hint = def.kind === 'vpc' ? t('forms:create.cidr_hint_vpc') : def.kind === 'subnet' ? t('forms:create.cidr_hint_subnet') : null;
  return (
    <div className="ys-createform" data-testid="create-form" data-kind={def.kind}>
      <div className="ys-createform__title">
        {t('forms:create.title', { kind: t(`forms:create.kinds.${def.kind}`, { defaultValue: t(`kinds:${def.kind}.name`) }) })}
      </div>
      <div className="ys-createform__body">
        <div className="ys-form">
          {own ? <PlacementFields def={def} p={p} values={values} errors={errors} /> : null}
          <FormFields {...fieldProps} fields={fields.filter((f) => f.key !== 'description')} />
          {hint || vpcRow || freeIps !== null ? (
            <div className="ys-createform__notes" data-testid="create-notes">
              {vpcRow ? (
                <div className="ys-form__hint" data-testid="vpc-cidr">
                  {t('forms:create.vpc_cidr', { cidr: String(vpcRow.spec.cidr ?? '-') })}
                </div>
              ) : null}
              {hint ? <div className="ys-form__hint">{hint}</div> : null}
              {freeIps !== null ? (
                <div className="ys-form__hint ys-createform__free" data-testid="free-ips">
                  {t('forms:create.free_ips', { count: freeIps })}
                </div>
              ) : null}
            </div>
          ) : null}
          <FormFields {...fieldProps} fields={fields.filter((f) => f.key === 'description')} />
        </div>
      </div>
      <div className="ys-createform__foot">
        <Button onClick={onCancel} data-testid="create-cancel">
          {t('forms:create.cancel')}
        </Button>
        <Button color="primary" onClick={() => void submit()} loading={busy} disabled={busy || (own && p.noZone)} data-testid="create-submit">
          {t('forms:create.submit')}
        </Button>
      </div>
    </div>
  );
}
