// What the resource detail page hands to a tab that another feature provides. A file of its own
// so a feature's tab imports only this type, never the registry that web/app fills with loaders.
export interface DetailTabProps {
  kind: string;
  id: string;
  vendor: string;
  status: string;
}
