// The one way a service tells people something (ARCHITECTURE "Notifications"): alarms, work orders,
// billing and approvals name who to tell and what, and the notification service decides how each
// of them hears it (site message and event stream always; Web Push, team-chat robots and e-mail where
// configured). Services depend on this port, never on a channel.
import type { Db } from '../platform/db/database.ts';
import type { EventBus } from '../platform/events/bus.ts';
import { sendSiteMessagesMany } from '../approvals/site-message.service.ts';
import { publish } from '../approvals/approval-events.ts';

export type NotifyCategory = 'approval' | 'alarm' | 'workorder' | 'billing' | 'system';

export interface NotifyInput {
  tenantId: string | null;
  projectId: string | null;
  /** the users to tell (duplicates are dropped) */
  userIds: string[];
  category: NotifyCategory;
  /** a full locale key with `.title` and `.content` under it, e.g. `alarms:messages.fired` */
  messageKey: string;
  /** values for the texts' {{placeholders}} */
  params: Record<string, string | number>;
  /** in-app path that opens the subject (a deep link), e.g. `/monitorAlarm?alarm=<id>` */
  link: string | null;
  /** the subject's id (alarm, work order, bill…) */
  refId: string | null;
  /** one-tap actions a channel may offer beside the link (e.g. acknowledge), as in-app paths */
  actions?: { key: string; path: string }[];
}

export interface NotifyPort {
  /** Tells the users; resolves once the site messages are written (other channels may follow). */
  notify(input: NotifyInput, trx?: Db): Promise<void>;
  /**
   * Several notifications at once, as `notify` would send each, in a fixed number of statements
   * (an alarm storm fires thousands in one evaluator round).
   */
  notifyMany(inputs: NotifyInput[], trx?: Db): Promise<void>;
}

/** Site messages plus their event-stream push: what every notification carries at least. */
export function siteMessageNotifier(db: Db, bus: EventBus): NotifyPort {
  const notifyMany: NotifyPort['notifyMany'] = async (inputs, trx) => {
    const events = await sendSiteMessagesMany(
      trx ?? db,
      inputs.map((input) => ({ userIds: input.userIds, msg: siteMessageOf(input) })),
      new Date(),
    );
    publish(bus, db, events);
  };
  return { notifyMany, notify: (input, trx) => notifyMany([input], trx) };
}

/** The site message a notification leaves in the receivers' inbox. */
export function siteMessageOf(input: NotifyInput) {
  return { tenantId: input.tenantId, category: input.category, messageKey: input.messageKey, params: input.params, link: input.link, refId: input.refId };
}
