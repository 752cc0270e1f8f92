// The shell's unread count (unreadCountAtom, 0–99) after a change made here (read, delete, read all);
// new messages move it through the event stream (approvals/live.tsx listens to site_message.created).
import { store, unreadCountAtom } from '../../lib/store.ts';
import { unreadCounts } from './api.ts';

export async function refreshUnread(): Promise<Record<string, number>> {
  try {
    const { count, by_category } = await unreadCounts();
    store.set(unreadCountAtom, { op: 'set', value: count });
    return by_category;
  } catch {
    return {};
  }
}
