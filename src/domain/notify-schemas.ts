// Notifications' request schemas (the channel settings, the team-chat robots, a device's push
// subscription), apart from notify.ts so the message centre's pages do not load zod.
import { z } from 'zod';
import { CHAT_TYPES, NOTIFY_CATEGORIES, endpointUrlAllowed } from './notify.ts';

export const settingsSchema = z.object({
  settings: z
    .array(z.strictObject({ category: z.enum(NOTIFY_CATEGORIES), site: z.boolean(), email: z.boolean(), push: z.boolean(), chat: z.boolean() }))
    .min(1)
    .max(NOTIFY_CATEGORIES.length),
});

const webhookUrl = z.string().trim().max(1000).refine(endpointUrlAllowed, { message: 'webhook_url' });
const secret = z.string().trim().max(200);

export const channelCreateSchema = z.strictObject({
  type: z.enum(CHAT_TYPES),
  name: z.string().trim().min(1).max(32),
  url: webhookUrl,
  secret: secret.optional(),
  enabled: z.boolean().optional(),
});
/** Edits: the URL and secret are replaced only when given (they are never read back). */
export const channelUpdateSchema = z.strictObject({
  name: z.string().trim().min(1).max(32).optional(),
  url: webhookUrl.optional(),
  secret: secret.optional(),
  enabled: z.boolean().optional(),
});

export const pushSubscriptionSchema = z.object({
  endpoint: z.string().trim().max(2000).refine(endpointUrlAllowed, { message: 'webhook_url' }),
  keys: z.object({ p256dh: z.string().min(20).max(200), auth: z.string().min(8).max(100) }),
});
