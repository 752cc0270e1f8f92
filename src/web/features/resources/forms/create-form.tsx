// The create form of kinds made from their list page (create-rules.ts: VPC, subnet): a bottom
// popup on phones, a centred modal from tablets up. Its body (create-body.tsx: fields from the
// kind's create schema, placement, the subnet checks) loads when the form first opens.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DotLoading } from 'antd-mobile';
import { CenterPopup, Popup } from '../../../ui/light/overlay.tsx';
import { AddOutline } from 'antd-mobile-icons';
import type { ListKind } from '../../../../domain/kinds/list-kind.ts';
import { useBreakpoint } from '../../../lib/hooks.ts';
import { hasCreateForm } from './create-rules.ts';
import { withConsoleTexts } from '../../../lib/i18n.ts';

const CreateBody = lazy(() => withConsoleTexts(import('./create-body.tsx')));

/**
 * The list toolbar's 创建VPC / 创建子网 button and its form, for kinds that have one: `trigger` goes
 * in the toolbar, `element` anywhere in the page. Both are null for other kinds.
 */
export function useCreateForm(def: ListKind, variant: 'desktop' | 'phone') {
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const [open, setOpen] = useState(false);
  // A new body each time the form opens: nothing typed before survives a cancel.
  const [round, setRound] = useState(0);
  if (!hasCreateForm(def)) return { trigger: null, element: null };
  const text = t('forms:create.button', { kind: t(`forms:create.kinds.${def.kind}`, { defaultValue: t(`kinds:${def.kind}.name`) }) });
  const show = () => {
    setRound((r) => r + 1);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const trigger =
    variant === 'desktop' ? (
      <Button size="small" color="primary" data-testid="create" onClick={show}>
        <AddOutline /> {text}
      </Button>
    ) : (
      <button type="button" className="ys-iconbtn ys-iconbtn--primary" aria-label={text} title={text} data-testid="create" onClick={show}>
        <AddOutline fontSize={20} />
      </button>
    );
  const body = open ? (
    <Suspense fallback={<DotLoading />}>
      <CreateBody key={round} def={def} onDone={close} onCancel={close} />
    </Suspense>
  ) : null;
  const element =
    bp === 'phone' ? (
      <Popup visible={open} onMaskClick={close} destroyOnClose bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
        {body}
      </Popup>
    ) : (
      <CenterPopup visible={open} onMaskClick={close} destroyOnClose className="ys-createform-modal">
        {body}
      </CenterPopup>
    );
  return { trigger, element };
}
