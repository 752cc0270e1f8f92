// The shell's shared state (seed 000 §3 "Shared state"): the unread message count 0–99 with its
// +1 / −1 / set writes, and the initial values the shell starts from.
import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { AI_PANEL } from '../../src/domain/constants.ts';
import {
  aiButtonShownAtom,
  aiPanelRightAtom,
  aiPanelStateAtom,
  languageAtom,
  loginStateAtom,
  modalButtonEnabledAtom,
  returnPathAtom,
  sidebarCollapsedAtom,
  unreadCountAtom,
} from '../../src/web/lib/store.ts';

describe('unread message count', () => {
  it('+1 per add, −1 per subtract, settable', () => {
    const s = createStore();
    expect(s.get(unreadCountAtom)).toBe(0);
    s.set(unreadCountAtom, { op: 'add' });
    s.set(unreadCountAtom, { op: 'add' });
    expect(s.get(unreadCountAtom)).toBe(2);
    s.set(unreadCountAtom, { op: 'subtract' });
    expect(s.get(unreadCountAtom)).toBe(1);
    s.set(unreadCountAtom, { op: 'set', value: 42 });
    expect(s.get(unreadCountAtom)).toBe(42);
  });
  it('stays within 0–99', () => {
    const s = createStore();
    s.set(unreadCountAtom, { op: 'subtract' });
    expect(s.get(unreadCountAtom)).toBe(0);
    s.set(unreadCountAtom, { op: 'set', value: 98 });
    s.set(unreadCountAtom, { op: 'add' });
    s.set(unreadCountAtom, { op: 'add' });
    expect(s.get(unreadCountAtom)).toBe(99);
    s.set(unreadCountAtom, { op: 'set', value: 1000 });
    expect(s.get(unreadCountAtom)).toBe(99);
    s.set(unreadCountAtom, { op: 'set', value: -5 });
    expect(s.get(unreadCountAtom)).toBe(0);
  });
});

describe('initial shell state', () => {
  it('signed out, zh-CN, AI button shown, panel hidden at −450px, modal buttons enabled', () => {
    const s = createStore();
    expect(s.get(loginStateAtom)).toBe(false);
    expect(s.get(languageAtom)).toBe('zh-CN');
    expect(s.get(aiButtonShownAtom)).toBe(true);
    expect(s.get(aiPanelStateAtom)).toBe('hidden');
    expect(s.get(aiPanelRightAtom)).toBe(AI_PANEL.hiddenOffset);
    expect(AI_PANEL.hiddenOffset).toBe(-450);
    expect(s.get(sidebarCollapsedAtom)).toBe(false);
    expect(s.get(returnPathAtom)).toBeNull();
    expect(s.get(modalButtonEnabledAtom)).toBe(true);
  });
});
