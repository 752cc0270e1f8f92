// The password change sheet of the account page: old password, a new one that passes the account
// rules of src/domain (checked as the user types), and its confirmation.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Popup } from 'antd-mobile';
import { passwordProblem } from '../../../domain/account.ts';
import { pushNotice } from '../../lib/notices.ts';
import { changePassword } from './account-api.ts';

interface PasswordValues {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

export function PasswordSheet({ open, onClose, account }: { open: boolean; onClose: () => void; account: string }) {
  const { t } = useTranslation(['account', 'errors']);
  const [busy, setBusy] = useState(false);

  async function submitPassword(v: PasswordValues) {
    setBusy(true);
    try {
      const res = await changePassword(v);
      pushNotice({ type: 'success', description: res.message, seconds: 4 });
      onClose();
    } catch {
      // the request helper showed the server's notice
    } finally {
      setBusy(false);
    }
  }

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div style={{ padding: '16px 8px' }}>
        <div className="ys-mine__name" style={{ margin: '0 8px 8px' }}>
          {t('account:password.title')}
        </div>
        <Form
          layout="vertical"
          onFinish={(v: PasswordValues) => void submitPassword(v)}
          footer={
            <Button block type="submit" color="primary" loading={busy} data-testid="password-submit">
              {t('account:password.submit')}
            </Button>
          }
        >
          <Form.Item name="old_password" label={t('account:password.old')} rules={[{ required: true, message: t('errors:rules.required') }]}>
            <Input type="password" autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="new_password"
            label={t('account:password.new')}
            help={t('account:password.rule')}
            rules={[
              { required: true, message: t('errors:rules.required') },
              {
                validator: async (_, value: string) => {
                  const problem = value ? passwordProblem(value, account) : null;
                  if (problem) throw new Error(t(`errors:rules.${problem}`));
                },
              },
            ]}
          >
            <Input type="password" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm_password"
            label={t('account:password.confirm')}
            dependencies={['new_password']}
            rules={[
              { required: true, message: t('errors:rules.required') },
              ({ getFieldValue }) => ({
                validator: async (_, value: string) => {
                  if (value && value !== getFieldValue('new_password')) throw new Error(t('errors:rules.password_mismatch'));
                },
              }),
            ]}
          >
            <Input type="password" autoComplete="new-password" />
          </Form.Item>
        </Form>
      </div>
    </Popup>
  );
}
