// The host web console's client (ADR 0070): a ticket by POST with the session's headers, then the
// WebSocket whose first message carries it (the token never goes in the URL), then one JSON message
// per line typed. Kept apart from the terminal so the page can ask for the ticket (and show a
// refusal) before xterm's chunk has loaded.
import { post, RequestError } from '../../lib/request.ts';
import { getLanguage, getProject, getTenant } from '../../lib/session.ts';

export type ServerMessage =
  | { type: 'ready'; prompt: string; text: string; host: { name: string; private_ip: string } }
  | { type: 'output'; text: string; effect?: 'clear' | 'reboot' | 'exit' }
  | { type: 'closed'; text: string }
  | { type: 'error'; status: number; title: string; description: string };

/** The ticket for one host, or the refusal's text (a stopped host, a host not found). */
export async function consoleTicket(hostId: string): Promise<{ ticket: string } | { refusal: string }> {
  try {
    return await post<{ ticket: string }>(`v1/instances/${encodeURIComponent(hostId)}/console-ticket`, undefined, { isNeedloading: false, notice: false });
  } catch (e) {
    if (e instanceof RequestError && e.body?.description) return { refusal: e.body.description };
    throw e;
  }
}

export function consoleSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/v1/host-console`;
}

/** Opens the socket and sends the ticket first; `onMessage` gets every answer, `onClose` the close code. */
export function openConsole(hostId: string, ticket: string, onMessage: (m: ServerMessage) => void, onClose: (code: number) => void) {
  const ws = new WebSocket(consoleSocketUrl());
  ws.addEventListener('open', () => {
    const tenant = getTenant() as { id: string } | null;
    const project = getProject() as { id: string } | null;
    ws.send(
      JSON.stringify({
        type: 'auth',
        ticket,
        host_id: hostId,
        tenant_id: tenant?.id ?? '',
        ...(project ? { project_id: project.id } : {}),
        lang: getLanguage(),
      }),
    );
  });
  ws.addEventListener('message', (e) => {
    try {
      onMessage(JSON.parse(String(e.data)) as ServerMessage);
    } catch {
      /* not ours */
    }
  });
  ws.addEventListener('close', (e) => onClose(e.code));
  return {
    send: (line: string) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ type: 'input', line })),
    close: () => ws.close(),
  };
}
