// The notification service behind NotifyPort (ARCHITECTURE "Notifications"): deliveries
// (notify-delivery.service.ts), a project's team-chat robots (notify-channel.service.ts), the
// caller's devices and settings (notify-device.service.ts). This file binds them to their
// dependencies; composition.ts builds it once.
import type { Language } from '../../domain/errors.ts';
import type { Db } from '../platform/db/database.ts';
import type { NotifyInput } from './notify-port.ts';
import { type NotificationDeps, withChannels } from './notify-deps.ts';
import { notifyMany, runDue } from './notify-delivery.service.ts';
import { createChannel, deleteChannel, listChannels, testChannel, updateChannel } from './notify-channel.service.ts';
import { devices, hasEmail, saveSettings, settings, subscribe, unsubscribe } from './notify-device.service.ts';

export { MAX_ATTEMPTS, type NotificationDeps } from './notify-deps.ts';

export function notificationService(config: NotificationDeps) {
  const deps = withChannels(config);
  return {
    notify: (input: NotifyInput, trx?: Db) => notifyMany(deps, [input], trx),
    notifyMany: (inputs: NotifyInput[], trx?: Db) => notifyMany(deps, inputs, trx),
    runDue: (max?: number) => runDue(deps, max),
    vapidPublicKey: async () => (await deps.keys()).publicKey,
    emailEnabled: !!deps.mail,
    hasEmail: (userId: string) => hasEmail(deps, userId),
    listChannels: (tenantId: string, projectId: string) => listChannels(deps, tenantId, projectId),
    createChannel: (tenantId: string, projectId: string, userId: string, body: unknown) => createChannel(deps, tenantId, projectId, userId, body),
    updateChannel: (tenantId: string, projectId: string, id: string, body: unknown) => updateChannel(deps, tenantId, projectId, id, body),
    deleteChannel: (tenantId: string, projectId: string, id: string) => deleteChannel(deps, tenantId, projectId, id),
    testChannel: (tenantId: string, projectId: string, id: string, lang: Language, user: { nickname: string }) =>
      testChannel(deps, tenantId, projectId, id, lang, user),
    subscribe: (userId: string, body: unknown, userAgent: string | undefined) => subscribe(deps, userId, body, userAgent),
    unsubscribe: (userId: string, endpoint: unknown) => unsubscribe(deps, userId, endpoint),
    devices: (userId: string) => devices(deps, userId),
    settings: (userId: string) => settings(deps, userId),
    saveSettings: (userId: string, body: unknown) => saveSettings(deps, userId, body),
    close: () => deps.mail?.close(),
  };
}
export type NotificationService = ReturnType<typeof notificationService>;
