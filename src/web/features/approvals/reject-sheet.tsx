// The reject reason (required, at most 1000 characters, counted) in a bottom sheet: the keyboard
// pushes it up on a phone, and the reason stays where the thumb is.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextArea } from 'antd-mobile';
import { Popup } from '../../ui/light/overlay.tsx';

export interface RejectSheetProps {
  open: boolean;
  /** what is being rejected (the card's summary) */
  subject: string;
  initial?: string;
  /** the server's objection when the reason comes back for an edit */
  problem?: string;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

/**
 * The reason's length limit lives with the approval rules (zod); it loads when the sheet first
 * opens, so the inbox's first load does not carry zod. The service worker precaches it; should it
 * be unavailable (offline before the worker installed), the sheet has no count and the server's
 * check answers on replay (the decision then needs an edit, like any refused reason).
 */
let maxReason: number | undefined;
const loadMaxReason = () => import('../../../domain/approvals/rule-checks.ts').then((m) => (maxReason = m.MAX_REASON));

function useMaxReason(open: boolean): number | undefined {
  const [max, setMax] = useState(maxReason);
  useEffect(() => {
    if (!open || max !== undefined) return;
    let live = true;
    loadMaxReason().then(
      (m) => live && setMax(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [open, max]);
  return max;
}

export function RejectSheet({ open, subject, initial, problem, onCancel, onConfirm }: RejectSheetProps) {
  const { t } = useTranslation();
  const MAX_REASON = useMaxReason(open);
  const [reason, setReason] = useState(initial ?? '');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setReason(initial ?? '');
      setTouched(false);
    }
  }, [open, initial]);
  const empty = reason.trim().length === 0;
  const tooLong = MAX_REASON !== undefined && reason.length > MAX_REASON;
  const error = touched && empty ? t('approvals:reject.required') : tooLong ? t('approvals:reject.too_long', { max: MAX_REASON }) : null;

  const confirm = () => {
    setTouched(true);
    if (empty || tooLong) return;
    onConfirm(reason.trim());
  };

  return (
    <Popup visible={open} onMaskClick={onCancel} onClose={onCancel} destroyOnClose bodyClassName="ys-appr-sheet">
      <div className="ys-appr-sheet__body" data-testid="reject-sheet">
        <div className="ys-appr-sheet__title">{t('approvals:reject.title')}</div>
        <div className="ys-appr-sheet__subject">{subject}</div>
        {problem && (
          <div className="ys-appr-sheet__problem" role="alert">
            {problem}
          </div>
        )}
        <TextArea
          data-testid="reject-reason"
          placeholder={t('approvals:reject.placeholder')}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setTouched(true);
          }}
          rows={4}
          autoSize={{ minRows: 4, maxRows: 8 }}
          maxLength={MAX_REASON}
          showCount={MAX_REASON !== undefined}
        />
        {error && (
          <div className="ys-appr-sheet__error" role="alert" data-testid="reject-error">
            {error}
          </div>
        )}
        <div className="ys-appr-sheet__actions">
          <Button block onClick={onCancel}>
            {t('approvals:reject.cancel')}
          </Button>
          <Button block color="danger" onClick={confirm} data-testid="reject-confirm">
            {t('approvals:reject.confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
