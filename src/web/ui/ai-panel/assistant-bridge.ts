// Posting to the embedded assistant page. The panel registers the iframe's window once it has
// loaded; messages posted before that wait and go out in order on load.
import type { AssistantCommandMessage, AssistantSession } from './window-messages.ts';

type Outgoing = AssistantSession | AssistantCommandMessage;

let target: Window | null = null;
let queue: Outgoing[] = [];

export function attachAssistant(win: Window | null): void {
  target = win;
  if (!win) return;
  const waiting = queue;
  queue = [];
  for (const msg of waiting) win.postMessage(msg, window.location.origin);
}

export function postToAssistant(msg: Outgoing): void {
  if (target) target.postMessage(msg, window.location.origin);
  else queue.push(msg);
}
