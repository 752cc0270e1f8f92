// The AI panel's actions for any component (help widget, panel, pages): applies the pure rules of
// ai-panel.rules.ts to the shell atoms, navigates and talks to the embedded page.
import { useCallback } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useNavigate } from 'react-router';
import { aiButtonShownAtom, aiPanelReturnRouteAtom, aiPanelRightAtom, aiPanelStateAtom, returnPathAtom } from '../../lib/store.ts';
import { getProject, getTenant, getToken } from '../../lib/session.ts';
import { aiPanelStep, type AiPanelEvent, type AiPanelState, type AssistantCommand } from './ai-panel.rules.ts';
import { postToAssistant } from './assistant-bridge.ts';

function post(command: AssistantCommand, state: AiPanelState) {
  if (command === 'session') {
    postToAssistant({ token: getToken() ?? '', tenant_id: getTenant()?.id ?? '', project_id: getProject()?.id ?? '', pagetype: 'component' });
  } else if (command === 'openAIBox') {
    postToAssistant({ command, mode: state === 'full' ? 'full' : 'side' });
  } else {
    postToAssistant({ command });
  }
}

export function useAiPanel(): { state: AiPanelState; dispatch: (event: AiPanelEvent) => void } {
  const state = useAtomValue(aiPanelStateAtom);
  const store = useStore();
  const navigate = useNavigate();

  // Reads the model and the route when the event arrives, not from the render that created the
  // callback: an assistant message can land between a navigation and the next render.
  const dispatch = useCallback(
    (event: AiPanelEvent) => {
      const route = window.location.pathname + window.location.search;
      const model = {
        state: store.get(aiPanelStateAtom),
        buttonShown: store.get(aiButtonShownAtom),
        right: store.get(aiPanelRightAtom),
        returnRoute: store.get(aiPanelReturnRouteAtom),
      };
      const step = aiPanelStep(model, event, route);
      store.set(aiPanelStateAtom, step.model.state);
      store.set(aiButtonShownAtom, step.model.buttonShown);
      store.set(aiPanelRightAtom, step.model.right);
      store.set(aiPanelReturnRouteAtom, step.model.returnRoute);
      if (step.returnPath) store.set(returnPathAtom, { path: step.returnPath });
      if (step.navigate && step.navigate !== route) void navigate(step.navigate);
      for (const command of step.post) post(command, step.model.state);
    },
    [store, navigate],
  );

  return { state, dispatch };
}
