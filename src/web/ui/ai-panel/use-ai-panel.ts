// The AI panel's actions for any component (help widget, panel, pages): applies the pure rules of
// ai-panel.rules.ts to the shell atoms, navigates and talks to the embedded page.
import { useCallback } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import {
  aiButtonShownAtom, aiPanelReturnRouteAtom, aiPanelRightAtom, aiPanelStateAtom, returnPathAtom,
} from '../../lib/store.ts';
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
  const [state, setState] = useAtom(aiPanelStateAtom);
  const [buttonShown, setButtonShown] = useAtom(aiButtonShownAtom);
  const [right, setRight] = useAtom(aiPanelRightAtom);
  const [returnRoute, setReturnRoute] = useAtom(aiPanelReturnRouteAtom);
  const setReturnPath = useSetAtom(returnPathAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const route = location.pathname + location.search;

  const dispatch = useCallback((event: AiPanelEvent) => {
    const step = aiPanelStep({ state, buttonShown, right, returnRoute }, event, route);
    setState(step.model.state);
    setButtonShown(step.model.buttonShown);
    setRight(step.model.right);
    setReturnRoute(step.model.returnRoute);
    if (step.returnPath) setReturnPath({ path: step.returnPath });
    if (step.navigate && step.navigate !== route) void navigate(step.navigate);
    for (const command of step.post) post(command, step.model.state);
  }, [state, buttonShown, right, returnRoute, route, navigate, setState, setButtonShown, setRight, setReturnRoute, setReturnPath]);

  return { state, dispatch };
}
