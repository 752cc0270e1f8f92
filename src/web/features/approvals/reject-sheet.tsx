// The reject reason (required, at most 1000 characters, counted) in a bottom sheet: the keyboard
// pushes it up on a phone, and the reason stays where the thumb is.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Popup, TextArea } from 'antd-mobile';
import { MAX_REASON } from '../../../domain/approvals/approval.schema.ts';

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

export function RejectSheet({ open, subject, initial, problem, onCancel, onConfirm }: RejectSheetProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState(initial ?? '');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setReason(initial ?? '');
      setTouched(false);
    }
  }, [open, initial]);
  const empty = reason.trim().length === 0;
  const tooLong = reason.length > MAX_REASON;
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
          showCount
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
