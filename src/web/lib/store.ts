// The shell's shared state (seed 000 §3 "Shared state") as jotai atoms. The jotai store is used
// only through this module: components import the atoms and hooks from here.
import { atom, createStore } from 'jotai';
import { AI_PANEL, clampUnread } from '../../domain/constants.ts';
import type { Language } from '../../domain/errors.ts';

export interface MenuItem {
  code: string;
  name: string;
  menuUrl: string;
  icon: string;
}
export interface MenuGroup {
  code: string;
  name: string;
  icon: string;
  menus: MenuItem[];
}
export interface ReturnPath {
  path: string;
  menuUrl?: string;
}
export type AiPanelState = 'hidden' | 'side' | 'full';

export const store = createStore();

export const menuListAtom = atom<MenuGroup[]>([]);
export const topMenuAtom = atom<string | null>(null);
export const languageAtom = atom<Language>('zh-CN');
export const aiButtonShownAtom = atom(true);
export const aiPanelStateAtom = atom<AiPanelState>('hidden');
/** Right offset of the AI panel: hidden at -450px, shown at 0. */
export const aiPanelRightAtom = atom<number>(AI_PANEL.hiddenOffset);
export const loginStateAtom = atom(false);
export const sidebarCollapsedAtom = atom(false);
/** How many mounted pages show their own list/detail split (the tablet menu folds to icons while one does). */
export const pageSplitCountAtom = atom(0);
/** The tablet user's own choice for the menu beside the page: null = follow the page. */
export const tabletMenuChoiceAtom = atom<'open' | 'folded' | null>(null);
export const tableEditStatusAtom = atom(false);
export const expandedRowAtom = atom<string | null>(null);
export const returnPathAtom = atom<ReturnPath | null>(null);
export const modalButtonEnabledAtom = atom(true);

const unreadBaseAtom = atom(0);
/** Unread count 0–99: write `{op:'add'}`, `{op:'subtract'}` or `{op:'set', value}`. */
export const unreadCountAtom = atom(
  (get) => get(unreadBaseAtom),
  (get, set, action: { op: 'add' } | { op: 'subtract' } | { op: 'set'; value: number }) => {
    const current = get(unreadBaseAtom);
    const next = action.op === 'add' ? current + 1 : action.op === 'subtract' ? current - 1 : action.value;
    set(unreadBaseAtom, clampUnread(next));
  },
);

// ── Shell state added with the console shell (issue 3) ──

/** Requests that asked for the global loading overlay and have not finished yet. */
export const loadingCountAtom = atom(0);

export interface ScopeOption {
  id: string;
  name: string;
}
export interface TerritoryProject {
  project_id: string;
  project_name: string;
  project_name_zh: string | null;
}
export interface Territory {
  tenant_id: string;
  tenant_name: string;
  chinese_name_abbreviation: string | null;
  business_type: string;
  roles: string[];
  projects: TerritoryProject[];
}
/** Authorised territories; null until loaded after sign-in. */
export const territoriesAtom = atom<Territory[] | null>(null);
/** The working tenant and project; every request carries them as X-Tenant-Id / X-Project-Id. */
export const tenantAtom = atom<ScopeOption | null>(null);
export const projectAtom = atom<ScopeOption | null>(null);
/** True once the menu data of the signed-in user was loaded (an empty menu is a real answer). */
export const menusLoadedAtom = atom(false);
/** Nickname of the signed-in user (kept under localStorage `username`). */
export const nicknameAtom = atom<string | null>(null);

export interface ShellNotice {
  id: number;
  type: 'error' | 'warning' | 'info' | 'success';
  title?: string;
  description: string;
  /** seconds before it closes by itself */
  seconds: number;
  closable: boolean;
}
/** Notices on screen (errors of the request helper, guard warnings, the update message). */
export const noticesAtom = atom<ShellNotice[]>([]);

// ── Help widget, AI panel and offline (issue 3) ──

/** Where the AI panel's shrink and close return to (remembered when it goes full screen). */
export const aiPanelReturnRouteAtom = atom<string | null>(null);
/** When the data on screen was saved, if it came from the offline store (for the offline banner). */
export const offlineDataSavedAtAtom = atom<number | null>(null);
