// What the notification slice's services share: their dependencies, with the outside channels
// (e-mail transport, the VAPID key pair read once) built from the configuration.
import type { Language } from '../../domain/errors.ts';
import type { Db } from '../platform/db/database.ts';
import type { EventBus } from '../platform/events/bus.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import { mailer, vapidKeys, type Vapid } from './outside-channels.ts';

export interface NotificationDeps {
  db: Db;
  bus: EventBus;
  secrets: SecretBox;
  smtpUrl: string | undefined;
  /** absolute base of deep links */
  publicUrl: string;
  /** sender address of e-mails and the VAPID subject */
  senderEmail: string;
  retryMs: number;
  log: { error: (o: object, m: string) => void; warn: (o: object, m: string) => void };
}

export interface NotifyDeps extends NotificationDeps {
  /** null when SMTP_URL is not set */
  mail: ReturnType<typeof mailer> | null;
  /** the VAPID key pair, read (or made) once per process */
  keys: () => Promise<Vapid>;
}

/** Attempts before a delivery is given up (1 + retries after 1, 2, 4, 8 × NOTIFY_RETRY_MS). */
export const MAX_ATTEMPTS = 5;
/** How long a claimed delivery stays with its process before another may take it over. */
export const LEASE_MS = 120_000;
export const LANG: Language = 'zh-CN';

export function withChannels(deps: NotificationDeps): NotifyDeps {
  let vapid: Promise<Vapid> | null = null;
  const mail = deps.smtpUrl ? mailer(deps.smtpUrl, `云枢 <${deps.senderEmail}>`) : null;
  return { ...deps, mail, keys: () => (vapid ??= vapidKeys(deps.db, deps.secrets)) };
}
