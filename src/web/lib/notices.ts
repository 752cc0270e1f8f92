// Notices on screen, through the shell store: the request helper, the guards and the update
// message push here; src/web/ui/notice-host.tsx shows them (closable, timed).
import { NOTICE } from '../../domain/constants.ts';
import { noticesAtom, store, type ShellNotice } from './store.ts';

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function closeNotice(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  store.set(noticesAtom, (list) => list.filter((n) => n.id !== id));
}

export function pushNotice(notice: Omit<ShellNotice, 'id' | 'seconds' | 'closable'> & Partial<Pick<ShellNotice, 'seconds' | 'closable'>>): number {
  const id = nextId++;
  const full: ShellNotice = { seconds: NOTICE.defaultSeconds, closable: true, ...notice, id };
  // The same text twice in a row (e.g. parallel requests failing alike) is shown once.
  const list = store.get(noticesAtom);
  const dup = list.find((n) => n.description === full.description && n.title === full.title);
  if (dup) return dup.id;
  store.set(noticesAtom, [...list.slice(-4), full]);
  if (full.seconds > 0)
    timers.set(
      id,
      setTimeout(() => closeNotice(id), full.seconds * 1000),
    );
  return id;
}
