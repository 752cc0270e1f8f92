// What every route plugin receives: configuration, the database and the repositories.
import type { EventEmitter } from 'node:events';
import type { Config } from './config.ts';
import type { DbHandle, Db } from './db/database.ts';
import type { UsersRepository } from './repositories/users.repository.ts';
import type { TenancyRepository } from './repositories/tenancy.repository.ts';
import type { ReferenceRepository } from './repositories/reference.repository.ts';
import type { ResourcesRepository } from './repositories/resources.repository.ts';
import type { SecretBox } from './lib/secret-box.ts';

export interface AppContext {
  config: Config;
  handle: DbHandle;
  db: Db;
  users: UsersRepository;
  tenancy: TenancyRepository;
  reference: ReferenceRepository;
  resources: ResourcesRepository;
  /** in-process approval events (approval.created/decided/escalated/issued, site_message.created) */
  approvalEvents: EventEmitter;
  /** seals the secret fields of resources (lib/secret-box.ts) */
  secrets: SecretBox;
}
