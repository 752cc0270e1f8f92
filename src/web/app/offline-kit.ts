// What the outbox's forms need on this device besides their code (the service worker precaches the
// code: vite.config.ts OFFLINE_MODULES): the choices they read from the API. Kept once the service
// worker is active and someone is signed in (main.tsx), so a form opened offline for the first time
// can be filled and queued (issue 27: 新建工单 offline had no work order types to choose from unless
// it had been opened online before). A performance mark tells the tests and the bench it is done.
import { keepWorkorderChoices } from '../features/desk/choices.ts';

export async function keepOfflineKit(): Promise<void> {
  await keepWorkorderChoices();
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark('yunshu:offline-kit');
}
