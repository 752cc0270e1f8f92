// Whether a kind's action can run on a resource now, by the kind's own rules (its states, its lock
// guards) — what every screen that offers an action asks: the resource lists and details, the alarm's
// resource. The server's engine checks the same rules when the action comes.
import { isInBetween, stateRefusal } from './kind.ts';
import type { ListAction, ListKind } from './list-kind.ts';

/** Actions offered on menus (recycle-bin actions live on the recycle page). */
export const menuActions = (def: ListKind) => def.actions.filter((a) => !a.recycleBin);

/** Why an action cannot run on a row now (an errors.json key), or null when it can. */
export function actionBlock(def: ListKind, action: ListAction, row: { status: string; locked?: boolean }): string | null {
  if (isInBetween(def, row.status)) return stateRefusal(action, row.status) ?? action.refusalKey;
  const refusal = stateRefusal(action, row.status);
  if (refusal) return refusal;
  for (const g of action.guards ?? []) {
    if (g.type === 'unlocked' && row.locked) return g.refusalKey;
    if (g.type === 'locked' && !row.locked) return g.refusalKey;
  }
  return null;
}

/** The operations a screen outside the kind's own pages may offer in one tap (an alarm's resource): `operate` actions without a form. */
export const quickActions = (def: ListKind) => menuActions(def).filter((a) => a.permission === 'operate' && !a.hasParams);
