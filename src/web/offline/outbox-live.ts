// The outbox's live queries over Dexie, loaded by hooks.ts only once the outbox is in use
// (outbox-gate.ts): an empty outbox never brings Dexie to a page.
export { liveQuery } from 'dexie';
export { db } from './db.ts';
