// ispAdd: the ICP filing wizard (seed 001 §2) — subject info → site info → materials → confirm →
// submit. Each step is checked with the server's schema before the next; submitting files it once
// (an Idempotency-Key) and opens its detail, where the review's progress shows.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Steps, Toast } from 'antd-mobile';
import type { IcpCreate } from '../../../domain/icp.ts';
import { createFiling, getRequirements, type IcpMaterial, type MaterialKind } from './api.ts';
import { icpKeys } from './query-keys.ts';
import { IcpFrame, PATHS } from './icp-parts.tsx';
import { ConfirmStep, MaterialsStep } from './wizard-materials.tsx';
import { SiteStep, SubjectStep } from './wizard-steps.tsx';
import { checkSite, checkSubject, initialSite, initialSubject, type Errors, type Values } from './wizard-model.ts';

const STEPS = ['subject', 'site', 'materials', 'confirm'] as const;

export default function IspAddPage() {
  const { t } = useTranslation('icp');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [step, setStep] = useState(0);
  const [subject, setSubject] = useState<Values>(initialSubject);
  const [site, setSite] = useState<Values>(initialSite);
  const [materials, setMaterials] = useState<Partial<Record<MaterialKind, IcpMaterial>>>({});
  const [errors, setErrors] = useState<Errors>({});
  const req = useQuery({ queryKey: icpKeys.requirements(), queryFn: getRequirements });
  const needed = req.data?.materials ?? [];
  const chosen = needed.map((k) => materials[k]).filter((m): m is IcpMaterial => Boolean(m));

  const submit = useMutation({
    mutationFn: () =>
      createFiling({
        subject: { ...subject, cert_number: subject.cert_number!.toUpperCase() } as unknown as IcpCreate['subject'],
        site: Object.fromEntries(Object.entries(site).filter(([, x]) => x !== '')) as unknown as IcpCreate['site'],
        material_ids: chosen.map((m) => m.id),
      }),
    onSuccess: async (f) => {
      Toast.show({ content: t('wizard.submitted') });
      await client.invalidateQueries({ queryKey: icpKeys.all });
      navigate(PATHS.detail(f.id), { replace: true });
    },
  });

  const next = () => {
    const found = step === 0 ? checkSubject(subject, t) : step === 1 ? checkSite(site, t) : {};
    setErrors(found);
    if (Object.keys(found).length) {
      Toast.show({ content: t('wizard.fix') });
      return;
    }
    setStep((s) => s + 1);
    window.scrollTo({ top: 0 });
  };
  const set = (which: 'subject' | 'site') => (k: string, x: string) => (which === 'subject' ? setSubject : setSite)((v) => ({ ...v, [k]: x }));
  const ready = step !== 2 || chosen.length === needed.length;

  return (
    <IcpFrame page="ispAdd" title={t('wizard.title')} back={{ to: PATHS.list, label: t('back_list') }}>
      <Steps current={step} className="ys-icp__wizardsteps">
        {STEPS.map((s) => (
          <Steps.Step key={s} title={t(`wizard.steps.${s}`)} />
        ))}
      </Steps>
      <section className="ys-icp__section" data-step={STEPS[step]}>
        {step === 0 ? <SubjectStep v={subject} set={set('subject')} errors={errors} /> : null}
        {step === 1 ? <SiteStep v={site} set={set('site')} errors={errors} /> : null}
        {step === 2 ? <MaterialsStep req={req.data} materials={materials} setMaterial={(m) => setMaterials((x) => ({ ...x, [m.kind]: m }))} /> : null}
        {step === 3 ? <ConfirmStep subject={subject} site={site} materials={chosen} /> : null}
        <div className="ys-icp__actions">
          {step > 0 ? (
            <Button onClick={() => (setErrors({}), setStep((s) => s - 1))} data-testid="icp-prev">
              {t('wizard.prev')}
            </Button>
          ) : null}
          {step < 3 ? (
            <Button color="primary" onClick={next} disabled={!ready} data-testid="icp-next">
              {t('wizard.next')}
            </Button>
          ) : (
            <Button color="primary" loading={submit.isPending} onClick={() => submit.mutate()} data-testid="icp-submit">
              {t('wizard.submit')}
            </Button>
          )}
        </div>
      </section>
    </IcpFrame>
  );
}
