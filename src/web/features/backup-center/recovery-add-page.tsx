// backupRecoveryAdd (ADR 0073): back to a time point. Pick the target, then one of its successful
// backups (which fills the time point) or a time of one's own; the server restores from the newest
// restorable backup at or before it and refuses when there is none. Confirmed: it overwrites data.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { confirm as ask } from '../../ui/light/confirm.tsx';
import { Toast } from '../../ui/light/toast.ts';
import { isRestorable } from '../../../domain/db-backup.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { keys, listRecords, listTargets, startRecovery } from './api.ts';
import { CentreFrame, Field, centrePath, productOf, when } from './parts.tsx';

/** An instant as typed and shown in Beijing time (2026-11-23 14:05), and back. */
const POINT = /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d$/;
const toLocal = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
const fromLocal = (local: string) => new Date(`${local.replace(' ', 'T')}:00+08:00`).toISOString();

export default function RecoveryAddPage() {
  const { t } = useTranslation('backup_center');
  const handle = usePageHandle();
  const navigate = useNavigate();
  const client = useQueryClient();
  const product = productOf(useParams().product);
  const [target, setTarget] = useState('');
  const [record, setRecord] = useState('');
  const [point, setPoint] = useState('');
  const targets = useQuery({ queryKey: keys.targets(product), queryFn: () => listTargets(product) });
  const records = useQuery({
    queryKey: keys.list(product, 'records', { target_id: target }),
    queryFn: () => listRecords(product, { target_id: target, __limit: 100 }),
    enabled: !!target,
  });
  const restorable = (records.data?.data ?? []).filter(
    (r) => isRestorable(r.status) && r.snapshot_at && (!r.expires_at || new Date(r.expires_at) > new Date()),
  );
  const name = targets.data?.find((x) => x.id === target)?.name ?? '';
  const m = useMutation({
    mutationFn: () => startRecovery(product, { target_id: target, point_in_time: fromLocal(point) }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.all });
      Toast.show({ content: t('recovery.started') });
      navigate(centrePath(product, 'recoveries'), { replace: true });
    },
  });
  const pick = (id: string) => {
    setRecord(id);
    const r = restorable.find((x) => x.id === id);
    if (r?.snapshot_at) setPoint(toLocal(r.snapshot_at));
  };
  const confirm = async () => {
    if (await ask({ title: t('recovery.confirm_title'), content: t('recovery.confirm', { target: name, at: when(fromLocal(point)) }) })) m.mutate();
  };
  const none = !!target && records.isSuccess && !restorable.length;
  return (
    <CentreFrame
      page={handle?.name ?? 'backupRecoveryAdd'}
      product={product}
      title={`${t('recovery.title')} · ${t(`product.${product}`)}`}
      back={{ to: centrePath(product, 'recoveries'), label: t('back_centre') }}
    >
      <form className="ys-bc__form" onSubmit={(e) => (e.preventDefault(), void confirm())}>
        <Field label={t('recovery.target')}>
          <select
            className="ys-bc__select"
            value={target}
            onChange={(e) => (setTarget(e.target.value), setRecord(''), setPoint(''))}
            data-testid="bc-recovery-target"
          >
            <option value="">{t('form.pick')}</option>
            {(targets.data ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('recovery.record')} error={none ? t('recovery.none') : undefined}>
          <select
            className="ys-bc__select"
            value={record}
            disabled={!restorable.length}
            onChange={(e) => pick(e.target.value)}
            data-testid="bc-recovery-record"
          >
            <option value="">{t('recovery.record_ph')}</option>
            {restorable.map((r) => (
              <option key={r.id} value={r.id}>
                {`${when(r.snapshot_at)} ${t(`type.${r.type}`)} ${t(`status.${r.status}`)}`}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('recovery.point')} hint={t('recovery.point_hint')}>
          <Input
            className="ys-bc__input"
            value={point}
            disabled={none}
            onChange={setPoint}
            placeholder="2026-11-23 14:05"
            maxLength={16}
            data-testid="bc-recovery-point"
          />
        </Field>
        <Button
          block
          color="primary"
          type="submit"
          className="ys-bc__btn"
          loading={m.isPending}
          disabled={!target || !POINT.test(point) || none}
          data-testid="bc-recovery-submit"
        >
          {t('recovery.submit')}
        </Button>
      </form>
    </CentreFrame>
  );
}
