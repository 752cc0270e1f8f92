// Session start-up and scope (seed 000 §4): the cookie-token check, the menus and territories of
// the signed-in user, the tenant/project init flow, sign-in, sign-out and scope changes.
import { chooseScope, resolveSessionToken, type Scoped } from '../../domain/session.ts';
import { OPTION_LIMIT } from '../../domain/constants.ts';
import { get, post } from './request.ts';
import { clearAuth, cookieTokens, getProject, getTenant, getToken, getUsername, readPublicScope, setScope, setSession, setUsername } from './session.ts';
import {
  loginStateAtom,
  menuListAtom,
  menusLoadedAtom,
  nicknameAtom,
  projectAtom,
  store,
  tenantAtom,
  territoriesAtom,
  unreadCountAtom,
  type MenuGroup,
  type Territory,
} from './store.ts';
import type { Profile } from './profile.ts';

/** The query cache lives with the console (its own chunk): reach it only when it is loaded. */
async function withQueryClient(fn: (client: import('@tanstack/react-query').QueryClient) => unknown): Promise<void> {
  const { queryClient } = await import('./query-client.ts');
  await fn(queryClient);
}

let sessionCheck: Promise<boolean> | null = null;

async function validateToken(token: string): Promise<Profile | null> {
  try {
    return await get<Profile>('v1/edit-user', undefined, { headers: { 'X-Auth-Token': token }, isNeedloading: false, notice: false });
  } catch {
    return null;
  }
}

/** Once per page load: is there a valid session? (seed 000 §4 "Session") */
export function ensureSession(): Promise<boolean> {
  sessionCheck ??= (async () => {
    let profile: Profile | null = null;
    const { token } = await resolveSessionToken(getToken(), cookieTokens(), async (t) => {
      profile = await validateToken(t);
      return profile !== null;
    });
    if (!token) {
      clearAuth();
      store.set(loginStateAtom, false);
      return false;
    }
    const p = profile as Profile | null;
    setSession(token, p?.nickname ?? getUsername() ?? '');
    store.set(nicknameAtom, p?.nickname ?? getUsername());
    store.set(loginStateAtom, true);
    return true;
  })();
  return sessionCheck;
}

/** Forget the cached answer (after sign-in, sign-out or a 401). */
export function resetSessionCheck(): void {
  sessionCheck = null;
}

let shellLoad: Promise<void> | null = null;

/** Menus and territories of the signed-in user, then the scope (init flow). Once per session. */
export function ensureShellData(): Promise<void> {
  shellLoad ??= (async () => {
    // Through the offline store (its own chunk): the last menus and territories serve when there
    // is no network, and no error notice is shown for a request the browser knows cannot go out.
    const { loadWithSnapshot } = await import('../offline/snapshots.ts');
    const quiet = () => ({ isNeedloading: false, notice: typeof navigator === 'undefined' || navigator.onLine !== false });
    const [menus, territories] = await Promise.all([
      loadWithSnapshot('shell:menus', () => get<{ data: MenuGroup[] }>('v1/menus', undefined, quiet())),
      loadWithSnapshot('shell:territories', () =>
        get<{ count: number; data: Territory[] }>('v1/auth/territories', { enabled: true, __limit: OPTION_LIMIT }, quiet()),
      ),
    ]);
    store.set(menuListAtom, menus.value.data ?? []);
    store.set(menusLoadedAtom, true);
    store.set(territoriesAtom, territories.value.data ?? []);
    initScope(territories.value.data ?? []);
  })().catch((err) => {
    shellLoad = null;
    throw err;
  });
  return shellLoad;
}

/** The init flow: stored tenant, else the first territory with projects; a public-cookie mismatch reloads. */
export function initScope(territories: Territory[] | null): void {
  const choice = chooseScope({ tenant: getTenant(), project: getProject() }, readPublicScope(), territories);
  if (choice.store) setScope(choice.tenant, choice.project);
  if (choice.reload && typeof window !== 'undefined') {
    window.location.reload();
    return;
  }
  store.set(tenantAtom, choice.tenant);
  store.set(projectAtom, choice.project);
}

/** Switch tenant or project: stored, cookies written, every cached query refetched in the new scope. */
export async function changeScope(tenant: Scoped | null, project: Scoped | null): Promise<void> {
  setScope(tenant, project);
  store.set(tenantAtom, tenant);
  store.set(projectAtom, project);
  await withQueryClient((c) => c.invalidateQueries());
}

/** Password sign-in; `captcha` only when the server asked for it (428, ADR 0043). */
export async function signIn(account: string, password: string, captcha?: { captcha_id: string; captcha: string }): Promise<Profile> {
  return startSession(await post<Profile>('v1/login', { account, password, ...captcha }, { signIn: true }));
}

/** Sign-in with a passkey; the WebAuthn code loads only now (the sign-in page's budget, ADR 0023). */
export async function signInWithPasskey(): Promise<Profile> {
  const { passkeyProfile } = await import('./passkey-sign-in.ts');
  return startSession(await passkeyProfile());
}

/** Starts the session the server handed over (password, passkey or QR sign-in). */
export async function startSession(profile: Profile): Promise<Profile> {
  setSession(profile.token!, profile.nickname);
  setUsername(profile.nickname);
  store.set(nicknameAtom, profile.nickname);
  store.set(loginStateAtom, true);
  sessionCheck = Promise.resolve(true);
  shellLoad = null;
  await ensureShellData();
  return profile;
}

/** Local sign-out: storage, state and caches (the server call is best effort). */
export function forgetSession(): void {
  clearAuth();
  store.set(loginStateAtom, false);
  store.set(nicknameAtom, null);
  store.set(menuListAtom, []);
  store.set(menusLoadedAtom, false);
  store.set(territoriesAtom, null);
  store.set(unreadCountAtom, { op: 'set', value: 0 });
  sessionCheck = Promise.resolve(false);
  shellLoad = null;
  void withQueryClient((c) => c.clear());
  // The next user of the device must not read this one's data; queued writes stay (their owner
  // sends them after signing in again, or discards them on the outbox screen).
  void import('../offline/snapshots.ts').then((m) => m.clearReadCache()).catch(() => undefined);
}

export async function signOut(): Promise<void> {
  try {
    await post('v1/logout', undefined, { notice: false });
  } catch {
    /* the session is dropped locally anyway */
  }
  forgetSession();
}

/** Menu names come in the request language: fetch them again after a language switch. */
export async function reloadMenus(): Promise<void> {
  if (!store.get(loginStateAtom)) return;
  const menus = await get<{ data: MenuGroup[] }>('v1/menus', undefined, { isNeedloading: false });
  store.set(menuListAtom, menus.data ?? []);
  await withQueryClient((c) => c.invalidateQueries());
}
