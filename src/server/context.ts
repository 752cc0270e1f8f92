// What every route plugin receives: configuration, the database and the repositories.
import type { Config } from './config.ts';
import type { DbHandle, Db } from './db/database.ts';
import type { UsersRepository } from './repositories/users.repository.ts';
import type { TenancyRepository } from './repositories/tenancy.repository.ts';
import type { ReferenceRepository } from './repositories/reference.repository.ts';
import type { ResourcesRepository } from './repositories/resources.repository.ts';
import type { SecretBox } from './lib/secret-box.ts';
import type { EventBus } from './events/bus.ts';

export interface AppContext {
  config: Config;
  handle: DbHandle;
  db: Db;
  users: UsersRepository;
  tenancy: TenancyRepository;
  reference: ReferenceRepository;
  resources: ResourcesRepository;
  /**
   * The app's event bus: every DomainEvent (resources, exports, backup plans, approvals, site
   * messages) for the SSE streams. It is also what approval effects find the engine through.
   */
  events: EventBus;
  /** seals the secret fields of resources (lib/secret-box.ts) */
  secrets: SecretBox;
}
