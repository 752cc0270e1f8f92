// Query keys of the invoices feature (pools, billable bills, invoice requests, receivable
// documents, invoice information, contracts). A list and its items have different roots, as
// before this module: a change invalidates the one item and its list by name.
export const invoiceKeys = {
  pools: () => ['invoice-pools'] as const,
  pool: (id: string) => ['invoice-pool', id] as const,
  bills: () => ['invoice-bills'] as const,
  billsIn: (view: string) => ['invoice-bills', view] as const,
  bill: (id: string) => ['invoice-bill', id] as const,
  invoices: () => ['invoices'] as const,
  invoice: (id: string) => ['invoice', id] as const,
  oaRecords: () => ['invoice-oa'] as const,
  arDocs: () => ['ar-docs'] as const,
  arDoc: (id: string) => ['ar-doc', id] as const,
  infos: () => ['invoice-infos'] as const,
  /** every invoice-information detail (an edit refreshes them all) */
  infoAll: () => ['invoice-info'] as const,
  info: (id: string) => ['invoice-info', id] as const,
  contracts: () => ['contracts'] as const,
  contract: (id: string) => ['contract', id] as const,
  templatePreview: (token: string) => ['template-preview', token] as const,
};
