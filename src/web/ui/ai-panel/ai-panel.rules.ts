// The AI panel's states and transitions (seed 000 §2 "Root and help widget", §4 "AI panel"), as a
// pure reducer: the component applies the model to the shell atoms, navigates and posts commands.
import { AI_PANEL } from '../../../domain/constants.ts';
import { loginTarget } from '../help-widget/help-target.ts';

export type AiPanelState = 'hidden' | 'side' | 'full';

/** The route that shows the assistant full screen (the seed's spelling). */
export const ASSISTANT_ROUTE = '/aiasistant';
export const PORTAL_ROUTE = '/portal';
export const LOGIN_ROUTE = '/login';

export interface AiPanelModel {
  state: AiPanelState;
  /** The floating AI button; hidden while the panel is open. */
  buttonShown: boolean;
  /** Right offset in px: 0 when shown, AI_PANEL.hiddenOffset (−450) when hidden. */
  right: number;
  /** Where shrink and close return to (remembered on going full screen). */
  returnRoute: string | null;
}

export type AiPanelEvent =
  | { type: 'open' }
  /** The user arrived at /aiasistant directly (link, reload): show the assistant full screen. */
  | { type: 'enter_route' }
  | { type: 'fullscreen' }
  | { type: 'shrink' }
  | { type: 'close' }
  | { type: 'login' };

/** Commands the panel posts to the embedded page ('session' is the token/tenant/project message). */
export type AssistantCommand = 'session' | 'openAIBox' | 'shrinkscreenFinished';

export interface AiPanelStep {
  model: AiPanelModel;
  navigate?: string;
  post: AssistantCommand[];
  /** Set on login required: the destination the login page returns to. */
  returnPath?: string;
}

export const INITIAL_AI_PANEL: AiPanelModel = { state: 'hidden', buttonShown: true, right: AI_PANEL.hiddenOffset, returnRoute: null };

const pathOf = (route: string) => route.split(/[?#]/)[0] ?? route;
const hidden = (): AiPanelModel => ({ ...INITIAL_AI_PANEL });

/**
 * `route` is the current location (path + search). Rules:
 * - open: side panel (375px, bottom 20), the AI button hides; the page gets the session and openAIBox.
 * - fullscreen: width 100%, bottom 0; the current route is remembered and /aiasistant shown.
 * - shrink: back to the side panel and the remembered route (or /portal); then shrinkscreenFinished.
 * - close: hide, the AI button reappears; on /login stay; from full screen (or /aiasistant) return to
 *   the remembered route or /portal; from the side panel the page beneath already is that route.
 * - login required: hide and go to /login, which returns to where the user was.
 */
export function aiPanelStep(model: AiPanelModel, event: AiPanelEvent, route: string): AiPanelStep {
  const path = pathOf(route);
  const onAssistant = path === ASSISTANT_ROUTE;
  switch (event.type) {
    case 'open':
      if (model.state !== 'hidden') return { model, post: ['openAIBox'] };
      return { model: { ...model, state: 'side', right: 0, buttonShown: false }, post: ['session', 'openAIBox'] };
    case 'enter_route':
      if (model.state !== 'hidden') return { model, post: [] };
      return { model: { state: 'full', right: 0, buttonShown: false, returnRoute: null }, post: ['session', 'openAIBox'] };
    case 'fullscreen': {
      const returnRoute = onAssistant ? model.returnRoute : route;
      return {
        model: { state: 'full', right: 0, buttonShown: false, returnRoute },
        ...(onAssistant ? {} : { navigate: ASSISTANT_ROUTE }),
        post: [],
      };
    }
    case 'shrink': {
      const back = model.returnRoute ?? PORTAL_ROUTE;
      return {
        model: { state: 'side', right: 0, buttonShown: false, returnRoute: null },
        ...(onAssistant || model.state === 'full' ? { navigate: back } : {}),
        post: ['shrinkscreenFinished'],
      };
    }
    case 'close': {
      const leaveAssistant = path !== LOGIN_ROUTE && (model.state === 'full' || onAssistant);
      return { model: hidden(), ...(leaveAssistant ? { navigate: model.returnRoute ?? PORTAL_ROUTE } : {}), post: [] };
    }
    case 'login': {
      if (path === LOGIN_ROUTE) return { model: hidden(), post: [] };
      const from = onAssistant ? (model.returnRoute ?? PORTAL_ROUTE) : route;
      return { model: hidden(), navigate: loginTarget(from), returnPath: from, post: [] };
    }
  }
}
