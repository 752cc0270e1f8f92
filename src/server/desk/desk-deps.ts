// What the desk's services share: who is asking and what they run on (one file, so the services
// of the slice import it instead of each other).
import type { Db } from '../platform/db/database.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';

/** Who is asking: the operations side sees every tenant; anyone else one tenant (and project). */
export interface DeskCaller {
  userId: string;
  ops: boolean;
  tenantId: string | null;
  /** the project new items are filed under (the scope's) */
  projectId: string | null;
  /** a caller holding only project roles sees that project's items; a tenant-wide role the tenant's */
  onlyProject: string | null;
}

export type TenantCaller = DeskCaller & { tenantId: string };

export interface DeskDeps {
  db: Db;
  notify: NotifyPort;
}
