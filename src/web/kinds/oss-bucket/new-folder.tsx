// 新建文件夹 in the folder being shown: the path's rules (1–254 characters, no leading '/', no '..' or
// '//') checked as the user types, and the server's refusal shown in its words if it still says no.
import { useState } from 'react';
import { Button, Input, Popup } from 'antd-mobile';
import { FormField } from '../../ui/card-table.tsx';
import { createFolder } from './bucket-api.ts';
import { RuleList, useOssTexts } from './bucket-frame.tsx';
import { allOk, folderChecks } from './bucket-rules.ts';

export function NewFolderSheet({
  open,
  bucketId,
  prefix,
  onClose,
  onDone,
}: {
  open: boolean;
  bucketId: string;
  prefix: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useOssTexts();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const checks = folderChecks(prefix, name);
  const close = () => {
    setName('');
    onClose();
  };
  const submit = async () => {
    setBusy(true);
    try {
      await createFolder(bucketId, `${prefix}${name.replace(/\/+$/, '')}/`);
      close();
      onDone();
    } catch {
      // the request helper has shown the server's words
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popup visible={open} onMaskClick={close} onClose={close} bodyClassName="ys-ossb__sheet" destroyOnClose>
      <div className="ys-ossb__form" data-testid="folder-form">
        <h2 className="ys-ossb__h2">{t('files.new_folder')}</h2>
        {prefix ? <p className="ys-ossb__muted">{t('files.in_folder', { prefix })}</p> : null}
        <FormField label={t('files.folder_name')}>
          <Input className="ys-ossb__input" value={name} onChange={setName} placeholder={t('files.folder_ph')} data-testid="folder-name" autoFocus />
        </FormField>
        <RuleList checks={checks} touched={name.length > 0} testid="folder-rules" />
        <Button block color="primary" loading={busy} disabled={!allOk(checks)} onClick={() => void submit()} data-testid="folder-submit">
          {t('files.create_folder')}
        </Button>
      </div>
    </Popup>
  );
}
