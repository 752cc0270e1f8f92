// The ICP wizard's last two steps: the materials (each uploaded as soon as it is chosen, checked by
// its bytes on the server; a financial tenant also uploads the security assessment) and the summary
// to confirm before submitting.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { byteSize } from '../../lib/byte-size.ts';
import { uploadMaterial, type IcpMaterial, type IcpRequirements, type MaterialKind } from './api.ts';
import { Rows } from './icp-parts.tsx';
import { regionText } from './region-picker.tsx';
import type { Values } from './wizard-model.ts';

function Material({ kind, value, onDone }: { kind: MaterialKind; value?: IcpMaterial; onDone: (m: IcpMaterial) => void }) {
  const { t } = useTranslation('icp');
  const [busy, setBusy] = useState(false);
  const id = `icp-file-${kind}`;
  return (
    <div className="ys-icp__material" data-testid={`icp-material-${kind}`}>
      <div>
        <strong>{t(`material.${kind}`)}</strong>
        <p className="ys-icp__muted">{value ? `${t('wizard.uploaded')}：${value.name}（${byteSize(value.size)}）` : t(`material_hint.${kind}`)}</p>
      </div>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,application/pdf"
        hidden
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setBusy(true);
          try {
            onDone(await uploadMaterial(kind, file));
          } catch {
            /* the request helper showed why */
          } finally {
            setBusy(false);
          }
        }}
      />
      <Button size="small" fill="outline" color="primary" loading={busy} onClick={() => document.getElementById(id)?.click()}>
        {busy ? t('wizard.uploading') : value ? t('wizard.reupload') : t('wizard.upload')}
      </Button>
    </div>
  );
}

export function MaterialsStep({
  req,
  materials,
  setMaterial,
}: {
  req: IcpRequirements | undefined;
  materials: Partial<Record<MaterialKind, IcpMaterial>>;
  setMaterial: (m: IcpMaterial) => void;
}) {
  const { t } = useTranslation('icp');
  return (
    <>
      <p className="ys-icp__muted">{t('wizard.upload_rule')}</p>
      {req?.financial ? <p className="ys-icp__muted">{t('wizard.financial_note')}</p> : null}
      {(req?.materials ?? []).map((k) => (
        <Material key={k} kind={k} value={materials[k]} onDone={setMaterial} />
      ))}
    </>
  );
}

export function ConfirmStep({ subject, site, materials }: { subject: Values; site: Values; materials: IcpMaterial[] }) {
  const { t } = useTranslation('icp');
  const rows = (pairs: [string, ReactNode][]) => <Rows rows={pairs.filter(([, v]) => v !== '')} />;
  return (
    <>
      <h2>{t('wizard.steps.subject')}</h2>
      {rows([
        [t('field.sponsor_name'), subject.sponsor_name],
        [t('field.nature'), t(`nature.${subject.nature}`)],
        [t('field.cert_type'), t(`cert.${subject.cert_type}`)],
        [t('field.cert_number'), subject.cert_number!.toUpperCase()],
        [t('field.region'), regionText({ province: subject.province!, city: subject.city!, district: subject.district! })],
        [t('field.address'), subject.address],
        [t('field.leader_name'), subject.leader_name],
        [t('field.leader_phone'), subject.leader_phone],
        [t('field.emergency_phone'), subject.emergency_phone],
      ])}
      <h2>{t('wizard.steps.site')}</h2>
      {rows([
        [t('field.site_name'), site.site_name],
        [t('field.domain'), site.domain],
        [t('field.url'), site.url],
        [t('field.ip'), site.ip],
        [t('field.remarks'), site.remarks],
      ])}
      <h2>{t('wizard.steps.materials')}</h2>
      {rows(materials.map((m) => [t(`material.${m.kind}`), m.name]))}
      <p className="ys-icp__muted">{t('wizard.confirm_note')}</p>
    </>
  );
}
