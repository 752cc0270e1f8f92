// The work order form's choices (types, questions, templates), read through the offline store: the
// last answer is served when the network gives none. Apart from api.ts (which brings the outbox and
// Dexie) so the app can keep the types for offline use right after a first visit, before the form
// was ever opened (keepWorkorderChoices, started by app/offline-kit.ts).
import { get } from '../../lib/request.ts';
import { loadWithSnapshot, readSnapshot } from '../../offline/snapshots.ts';
import { WORKORDERS_URL } from '../../../domain/desk.ts';

export interface Named {
  id: string;
  name: string;
}
export interface WorkorderType extends Named {
  description: string;
}
export interface WorkorderQuestion extends Named {
  workorder_type_id: string;
}
export interface WorkorderTemplate extends WorkorderQuestion {
  content: string;
}

/** Read through the offline store: the last answer is served when the network gives none. */
export const kept = <T>(key: string, fetcher: () => Promise<T>) => loadWithSnapshot(key, fetcher).then((r) => r.value);
const quiet = { isNeedloading: false, notice: false } as const;
const TYPES_KEY = 'desk:types';

export const fetchTypes = () => kept(TYPES_KEY, () => get<{ data: WorkorderType[] }>(`${WORKORDERS_URL}/types`, undefined, quiet).then((r) => r.data));
export const fetchQuestions = (typeId: string) =>
  kept(`desk:questions:${typeId}`, () =>
    get<{ data: WorkorderQuestion[] }>(`${WORKORDERS_URL}/questions`, { workorder_type_id: typeId }, quiet).then((r) => r.data),
  );
export const fetchTemplates = (typeId: string) =>
  kept(`desk:templates:${typeId}`, () =>
    get<{ data: WorkorderTemplate[] }>(`${WORKORDERS_URL}/templates`, { workorder_type_id: typeId }, quiet).then((r) => r.data),
  );

/** How old the kept types may be before a start of the app fetches them again. */
const TYPES_KEPT_MS = 24 * 3600_000;

/** Keeps the work order types for offline use (unless a copy of the last day is there); never throws. */
export async function keepWorkorderChoices(): Promise<void> {
  const copy = await readSnapshot<WorkorderType[]>(TYPES_KEY).catch(() => undefined);
  if (copy && Date.now() - copy.savedAt < TYPES_KEPT_MS) return;
  await fetchTypes().catch(() => undefined);
}
