// The shapes of a row of the `resources` table, read by the engine and by the slices beside it
// (approvals' effects, billing's meter, alarms), so they sit with the tables.

export interface ResourceRow {
  id: string;
  kind: string;
  tenant_id: string;
  project_id: string;
  vendor: string;
  region_id: string | null;
  az_id: string | null;
  name: string;
  status: string;
  locked: boolean;
  spec: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface NewResource {
  id?: string;
  kind: string;
  tenant_id: string;
  project_id: string;
  vendor: string;
  region_id: string | null;
  az_id: string | null;
  name: string;
  status: string;
  locked?: boolean;
  spec: Record<string, unknown>;
  created_at?: Date;
  /** the kind's secret fields, sealed (lib/secret-box.ts) */
  secrets?: string | null;
}
