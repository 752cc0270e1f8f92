// The invoice and contract screens' calls (issue 13, second part), one helper each.
import { download, get, post, put, upload } from '../../lib/request.ts';

const quiet = { isNeedloading: false } as const;

export interface InvoiceInfo {
  id: string;
  company_name: string;
  taxpayer_no: string;
  bank_name: string;
  bank_account: string;
  address: string;
  phone: string;
  extension: string | null;
  terminal_no: string | null;
  contract_no: string | null;
  company_nature: string;
  invoice_type: string;
  is_default: boolean;
  created_at: string;
  updated_at: string;
}
export type InvoiceInfoInput = Omit<InvoiceInfo, 'id' | 'created_at' | 'updated_at'>;
export interface Pool {
  id: string;
  name: string;
  company_name: string | null;
  project_name: string | null;
  invoices: number;
  invoiced_fen: number;
  created_at: string;
}
export interface Invoice {
  id: string;
  business_no: string;
  pool_id: string;
  months: string[];
  merged: boolean;
  amount_fen: number;
  invoice_type: string;
  medium: string;
  remark: string | null;
  state: string;
  shown_state: string;
  invoice_code: string | null;
  invoice_no: string | null;
  issued_at: string | null;
  void_state: string | null;
  void_reason: string | null;
  void_at: string | null;
  red_state: string | null;
  red_reason: string | null;
  red_at: string | null;
  red_invoice_no: string | null;
  applicant_name: string | null;
  info: Record<string, string | null>;
  created_at: string;
  approval_id: string | null;
  void_approval_id: string | null;
  red_approval_id: string | null;
}
export interface ArDoc {
  id: string;
  invoice_id: string;
  doc_no: string;
  amount_fen: number;
  received_fen: number;
  state: string;
  due_date: string;
  business_no: string;
  invoice_no: string | null;
  created_at: string;
}
export interface InvoiceDetail extends Invoice {
  pool_name: string | null;
  approvals: { id: string; type: string; status: string; created_at: string; decided_at: string | null; reject_reason: string | null }[];
  ar_documents: ArDoc[];
  month_end_notice: boolean;
}
export interface Bill {
  id: string;
  month: string;
  state: string;
  amount_fen: number;
  invoice_id: string | null;
  business_no: string | null;
  invoices: number;
  confirmed_at: string | null;
}
export interface OaRecord {
  id: string;
  type: string;
  status: string;
  title: string;
  target_id: string | null;
  amount_fen: number;
  created_at: string;
  decided_at: string | null;
  reject_reason: string | null;
  requester_name: string;
  decider_name: string | null;
}
export interface Contract {
  id: string;
  contract_no: string;
  party_name: string;
  signing_period: number;
  bill_month: string;
  start_at: string;
  end_at: string;
  status: string;
  contact: string;
  phone: string;
  address: string | null;
  email: string | null;
  protocol_name: string | null;
  protocol_size: number | null;
  protocol_uploaded_at: string | null;
  created_at: string;
}
export type ContractInput = Pick<Contract, 'party_name' | 'bill_month' | 'start_at' | 'end_at' | 'status' | 'contact' | 'phone' | 'address' | 'email'> & {
  signing_period: number;
};
export interface Preview {
  tenant_name: string;
  party: Record<string, string> | null;
  expires_at: string;
}

type List<T> = { count: number; data: T[] };
export const invoiceInfos = () => get<List<InvoiceInfo>>('v1/invoice-infos', undefined, quiet);
export const invoiceInfo = (id: string) => get<InvoiceInfo>(`v1/invoice-infos/${id}`, undefined, quiet);
export const saveInvoiceInfo = (id: string | null, body: InvoiceInfoInput) =>
  id ? put<InvoiceInfo>(`v1/invoice-infos/${id}`, body) : post<InvoiceInfo>('v1/invoice-infos', body);
export const pools = () => get<List<Pool>>('v1/invoice-pools', undefined, quiet);
export const pool = (id: string) => get<Pool & { invoice_list: Invoice[] }>(`v1/invoice-pools/${id}`, undefined, quiet);
export const invoiceBills = (view: 'all' | 'history' | 'undistributed' | 'applicable') => get<List<Bill>>('v1/invoices/bills', { view }, quiet);
export const invoiceBill = (id: string) => get<Bill & { invoice_list: Invoice[] }>(`v1/invoices/bills/${id}`, undefined, quiet);
export const oaRecords = () => get<List<OaRecord>>('v1/invoices/approvals', undefined, quiet);
export const invoices = () => get<List<Invoice> & { month_end_notice: boolean }>('v1/invoices', undefined, quiet);
export const invoice = (id: string) => get<InvoiceDetail>(`v1/invoices/${id}`, undefined, quiet);
export const applyInvoice = (body: {
  pool_id: string;
  info_id: string;
  bill_ids: string[];
  merged: boolean;
  invoice_type: string;
  medium: string;
  remark: string;
}) => post<Invoice>('v1/invoices', body);
export const reverseInvoice = (id: string, kind: 'void' | 'red_flush', reason: string) =>
  post<Invoice>(`v1/invoices/${id}/${kind === 'void' ? 'void' : 'red-flush'}`, { reason });
export const arDocs = () => get<List<ArDoc>>('v1/ar-docs', undefined, quiet);
export const arDoc = (id: string) => get<ArDoc>(`v1/ar-docs/${id}`, undefined, quiet);
export const contracts = () => get<List<Contract>>('v1/contracts', undefined, quiet);
export const contract = (id: string) => get<Contract>(`v1/contracts/${id}`, undefined, quiet);
export const saveContract = (id: string | null, body: ContractInput) => (id ? put<Contract>(`v1/contracts/${id}`, body) : post<Contract>('v1/contracts', body));
export const uploadProtocol = (id: string, file: File) => upload<Contract>(`v1/contracts/${id}/protocol`, file);
export const downloadProtocol = (id: string, name: string) => download('GET', `v1/contracts/${id}/protocol`, undefined, { filename: name });
export const templateLink = () => post<{ token: string; url: string; expires_at: string }>('v1/contracts/template-link');
export const templatePreview = (token: string) => get<Preview>('v1/contracts/template-preview', { token }, { ...quiet, notice: false });
