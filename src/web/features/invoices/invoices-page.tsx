// Every invoice and contract route (issue 13, second part) in one lazy chunk: the route's name
// (its handle) picks the screen; the title, the breadcrumb and, under 发票管理, the section links.
import { useTranslation } from 'react-i18next';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { ReceiptTabs } from './parts.tsx';
import { ArDetail, ArSection, BillDetail, BillsSection, InvoiceDetailView, InvoicesSection, OaSection, PoolDetail, PoolsSection } from './receipt-pages.tsx';
import { ApplySection } from './apply-page.tsx';
import { InfoDetail, InfoList } from './info-pages.tsx';
import { ContractDetail, ContractList, PreviewTemplatePage, UploadProtocolPage } from './contract-pages.tsx';
import './invoices.css';

const SCREENS: Record<string, { body: () => React.ReactNode; tabs?: boolean }> = {
  receiptInfoManage: { body: () => <InfoList /> },
  receiptInfoDetail: { body: () => <InfoDetail /> },
  receiptManage: { body: () => <PoolsSection />, tabs: true },
  receiptManage_billHistory: { body: () => <BillsSection view="history" />, tabs: true },
  receiptManage_billUndistributedHistory: { body: () => <BillsSection view="undistributed" />, tabs: true },
  receiptManage_billOaHistory: { body: () => <OaSection />, tabs: true },
  receiptManage_billApply: { body: () => <ApplySection />, tabs: true },
  receiptManage_invoiceManage: { body: () => <InvoicesSection />, tabs: true },
  receiptManage_arDocManage: { body: () => <ArSection />, tabs: true },
  receiptManage_billPoolDetail: { body: () => <PoolDetail /> },
  receiptManage_invoiceDetail: { body: () => <InvoiceDetailView /> },
  receiptManage_billHistoryDetail: { body: () => <BillDetail /> },
  receiptManage_arDocDetail: { body: () => <ArDetail /> },
  contractManage: { body: () => <ContractList /> },
  contractDetail: { body: () => <ContractDetail /> },
  uploadProtocol: { body: () => <UploadProtocolPage /> },
  previewTemplate: { body: () => <PreviewTemplatePage /> },
};

export default function InvoicesPage() {
  const handle = usePageHandle();
  const { t } = useTranslation();
  const name = handle?.name ?? 'receiptManage';
  const screen = SCREENS[name] ?? SCREENS.receiptManage!;
  return (
    <PageFrame name={name} className="ys-inv">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-page__title">{t(`routes:${name}`)}</h1>
      {screen.tabs ? <ReceiptTabs current={name} /> : null}
      {screen.body()}
    </PageFrame>
  );
}
