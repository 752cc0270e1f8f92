import { describe, expect, it } from 'vitest';
import { INITIAL_AI_PANEL, aiPanelStep, type AiPanelModel } from '../../src/web/ui/ai-panel/ai-panel.rules.ts';
import { AI_PANEL } from '../../src/domain/constants.ts';

const side: AiPanelModel = { state: 'side', buttonShown: false, right: 0, returnRoute: null };

describe('AI panel', () => {
  it('starts hidden at −450px with the AI button shown', () => {
    expect(INITIAL_AI_PANEL).toEqual({ state: 'hidden', buttonShown: true, right: AI_PANEL.hiddenOffset, returnRoute: null });
    expect(AI_PANEL.hiddenOffset).toBe(-450);
  });

  it('open: side panel, button hidden, session and openAIBox posted', () => {
    const step = aiPanelStep(INITIAL_AI_PANEL, { type: 'open' }, '/ecsManage');
    expect(step.model).toEqual(side);
    expect(step.navigate).toBeUndefined();
    expect(step.post).toEqual(['session', 'openAIBox']);
  });

  it('fullscreen remembers the route and shows /aiasistant', () => {
    const step = aiPanelStep(side, { type: 'fullscreen' }, '/ecsManage?status=running');
    expect(step.model).toMatchObject({ state: 'full', returnRoute: '/ecsManage?status=running' });
    expect(step.navigate).toBe('/aiasistant');
  });

  it('shrink returns to the remembered route and tells the page', () => {
    const full = aiPanelStep(side, { type: 'fullscreen' }, '/billCheck').model;
    const step = aiPanelStep(full, { type: 'shrink' }, '/aiasistant');
    expect(step.model).toMatchObject({ state: 'side', right: 0, returnRoute: null });
    expect(step.navigate).toBe('/billCheck');
    expect(step.post).toEqual(['shrinkscreenFinished']);
  });

  it('shrink with nothing remembered goes to /portal', () => {
    const step = aiPanelStep({ ...side, state: 'full' }, { type: 'shrink' }, '/aiasistant');
    expect(step.navigate).toBe('/portal');
  });

  it('close from full screen returns to the remembered route, else /portal; the button reappears', () => {
    const full = aiPanelStep(side, { type: 'fullscreen' }, '/vpc').model;
    const step = aiPanelStep(full, { type: 'close' }, '/aiasistant');
    expect(step.model).toEqual(INITIAL_AI_PANEL);
    expect(step.navigate).toBe('/vpc');
    expect(aiPanelStep({ ...side, state: 'full' }, { type: 'close' }, '/aiasistant').navigate).toBe('/portal');
  });

  it('close on /login stays there', () => {
    const step = aiPanelStep({ ...side, state: 'full', returnRoute: '/vpc' }, { type: 'close' }, '/login');
    expect(step.navigate).toBeUndefined();
    expect(step.model.state).toBe('hidden');
  });

  it('close of the side panel keeps the page beneath', () => {
    const step = aiPanelStep(side, { type: 'close' }, '/ecsManage');
    expect(step.navigate).toBeUndefined();
    expect(step.model).toEqual(INITIAL_AI_PANEL);
  });

  it('login required hides the panel and goes to /login remembering where the user was', () => {
    const step = aiPanelStep(side, { type: 'login' }, '/ecsManage');
    expect(step.model).toEqual(INITIAL_AI_PANEL);
    expect(step.navigate).toBe('/login?redirect=%2FecsManage');
    expect(step.returnPath).toBe('/ecsManage');
    const fromFull = aiPanelStep({ ...side, state: 'full', returnRoute: '/vpc' }, { type: 'login' }, '/aiasistant');
    expect(fromFull.returnPath).toBe('/vpc');
  });

  it('arriving at /aiasistant directly shows the assistant full screen', () => {
    const step = aiPanelStep(INITIAL_AI_PANEL, { type: 'enter_route' }, '/aiasistant');
    expect(step.model).toMatchObject({ state: 'full', buttonShown: false, right: 0 });
    expect(step.post).toEqual(['session', 'openAIBox']);
    expect(aiPanelStep(step.model, { type: 'close' }, '/aiasistant').navigate).toBe('/portal');
  });
});
