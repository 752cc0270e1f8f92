// dtc_dtcFileManage (ADR 0062): the data transfer centre's file transfers — between two of the
// tenant's hosts, up to five targets — beside the centre's other lists (ADR 0059).
import { useTranslation } from 'react-i18next';
import { HostTasks } from './host-tasks.tsx';
import { ProtectFrame } from './parts.tsx';
import { DTC_TABS } from './tabs.ts';

export default function TransferPage() {
  const { t } = useTranslation('protect');
  return (
    <ProtectFrame page="dtc_dtcFileManage" title={t('titles.file_transfer')} intro={t('intro.file_transfer')} tabs={DTC_TABS} tab="dtc_file">
      <HostTasks type="file_transfer" />
    </ProtectFrame>
  );
}
