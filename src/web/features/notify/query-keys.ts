// Query keys of the notify feature: site messages (everything under ['site-messages'], so a new
// message refreshes the lists, the counts and an open message at once), channels, the receiving
// settings and the operation log.
import type { OplogFilters } from './api.ts';

const MESSAGES = ['site-messages'] as const;
const CHANNELS = ['notify-channels'] as const;

export const notifyKeys = {
  messages: () => MESSAGES,
  messageCounts: () => [...MESSAGES, 'counts'] as const,
  messageLists: () => [...MESSAGES, 'list'] as const,
  messageList: (status: string, category: string) => [...MESSAGES, 'list', status, category] as const,
  message: (id: string) => [...MESSAGES, 'one', id] as const,
  channels: () => CHANNELS,
  channelsOf: (projectId: string | undefined) => [...CHANNELS, projectId] as const,
  settings: () => ['notify-settings'] as const,
  oplogActions: () => ['oplog', 'actions'] as const,
  oplogList: (applied: OplogFilters) => ['oplog', 'list', applied] as const,
};
