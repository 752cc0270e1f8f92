// What every part of the resource engine shares: its dependencies (EngineDeps, built once in the
// composition root), the row as answered (present) and the status events it publishes.
import { type KindDefinition, REMOVED, availableActions, isInBetween } from '../../domain/kinds/kind.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import type { PriceResult } from '../../domain/pricing.ts';
import type { Db } from '../platform/db/database.ts';
import type { ResourceRow } from './engine.repository.ts';
import type { CloudProvider } from './cloud/provider.ts';
import type { EventBus, ResourceEvent } from '../platform/events/bus.ts';
import type { PendingEvent } from '../approvals/approval-events.ts';
import type { PricingService } from './pricing.service.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import type { ApprovalEffects } from '../approvals/approval-effects.ts';

/** What the engine's functions are given (each takes it first). */
export interface EngineDeps {
  db: Db;
  provider: CloudProvider;
  bus: EventBus;
  pricing: PricingService;
  /** seals the kinds' secret fields (never stored or answered in clear) */
  secrets: SecretBox;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /**
   * The app's approvals (the app's event bus, ctx.events, and its effects). With them, buying in a project whose
   * process covers resource_purchase, or expanding where it covers resource_expansion, waits for
   * the approval. The engine calls the approvals module directly; approvals reach the engine only
   * through the port (engine-port.ts).
   */
  approvals?: { bus: EventBus; effects: ApprovalEffects };
}

export interface PresentedResource {
  id: string;
  kind: string;
  name: string;
  status: string;
  locked: boolean;
  vendor: string;
  region_id: string | null;
  az_id: string | null;
  tenant_id: string;
  project_id: string;
  spec: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  in_between: boolean;
  available_actions: string[];
  /** the names of the resources its ref fields point at (resource-queries.ts refNames), when read with them */
  ref_names?: Record<string, string>;
}

export function present(row: ResourceRow): PresentedResource {
  const def = kindOf(row.kind);
  const spec = typeof row.spec === 'string' ? (JSON.parse(row.spec) as Record<string, unknown>) : { ...row.spec };
  const derived = def?.derive ? { ...spec, ...def.derive(spec) } : spec;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    status: row.status,
    locked: row.locked,
    vendor: row.vendor,
    region_id: row.region_id,
    az_id: row.az_id,
    tenant_id: row.tenant_id,
    project_id: row.project_id,
    spec: derived,
    created_at: row.created_at,
    updated_at: row.updated_at,
    in_between: def ? isInBetween(def, row.status) : false,
    available_actions: def ? availableActions(def, row).map((a) => a.id) : [],
    ...refNamesOf(row),
  };
}

export const event = (row: Pick<ResourceRow, 'id' | 'kind' | 'tenant_id' | 'project_id' | 'locked'>, status: string, locked = row.locked): ResourceEvent => {
  const about = { tenant_id: row.tenant_id, project_id: row.project_id, id: row.id, kind: row.kind };
  const at = new Date().toISOString();
  return status === REMOVED ? { type: 'resource.removed', ...about, at } : { type: 'resource.status', ...about, status, locked, at };
};

/** The approval request a purchase or an expansion is waiting for. */
export interface WaitingFor {
  id: string;
  status: string;
}

/** What a waiting purchase or expansion leaves to do once the transaction has committed. */
export interface ApprovalOutbox {
  events: PendingEvent[];
  after: (() => Promise<void>)[];
}

/** A create body checked and priced, ready for insertCreate. */
export interface PreparedCreate {
  def: KindDefinition;
  id: string;
  input: Record<string, unknown>;
  spec: Record<string, unknown>;
  /** the kind's secret fields, sealed */
  secrets: string | null;
  placement: { vendor: string; region_id: string | null; az_id: string | null } | null;
  price: PriceResult | null;
}

/** The row's resolved ref names without the unresolved ones (none when it was read without them). */
function refNamesOf(row: ResourceRow): { ref_names?: Record<string, string> } {
  const raw = (row as ResourceRow & { ref_names?: Record<string, string | null> | string }).ref_names;
  if (!raw) return {};
  const names = typeof raw === 'string' ? (JSON.parse(raw) as Record<string, string | null>) : raw;
  const kept = Object.entries(names).filter((e): e is [string, string] => typeof e[1] === 'string');
  return kept.length ? { ref_names: Object.fromEntries(kept) } : {};
}
