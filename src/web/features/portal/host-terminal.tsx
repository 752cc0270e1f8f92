// The terminal of a host's web console: xterm.js shows what the host answers (read-only), and a
// plain input line below takes the commands — a phone's keyboard with "send", no autocorrect or
// capitals — with buttons for the common ones and ↑/↓ for the history. This module is its own lazy
// chunk (xterm and its CSS never reach the first load of any page).
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';
import { consoleTicket, openConsole, type ServerMessage } from './host-console.ts';

type Phase = 'connecting' | 'open' | 'closed';
const QUICK = ['uptime', 'df -h', 'top', 'systemctl status sshd', 'help', 'clear'] as const;
const crlf = (s: string) => s.replace(/\r?\n/g, '\r\n');

export default function HostTerminal({ hostId }: { hostId: string }) {
  const { t } = useTranslation('site_tools');
  const box = useRef<HTMLDivElement>(null);
  const term = useRef<Terminal | null>(null);
  const conn = useRef<ReturnType<typeof openConsole> | null>(null);
  const prompt = useRef('$ ');
  const [phase, setPhase] = useState<Phase>('connecting');
  const [notice, setNotice] = useState<string | null>(null);
  const [line, setLine] = useState('');
  const [attempt, setAttempt] = useState(0);
  const history = useRef<string[]>([]);
  const cursor = useRef(0);

  useEffect(() => {
    const narrow = window.matchMedia('(max-width: 767px)').matches;
    const x = new Terminal({
      disableStdin: true,
      convertEol: false,
      cursorBlink: false,
      fontSize: narrow ? 12 : 14,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
      scrollback: 2000,
      theme: { background: '#0f172a', foreground: '#e2e8f0' },
    });
    const fit = new FitAddon();
    x.loadAddon(fit);
    x.open(box.current!);
    fit.fit();
    term.current = x;
    const onResize = () => fit.fit();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      x.dispose();
      term.current = null;
    };
  }, []);

  useEffect(() => {
    let live = true;
    setPhase('connecting');
    setNotice(null);
    const onMessage = (m: ServerMessage) => {
      const x = term.current;
      if (!x) return;
      if (m.type === 'ready') {
        prompt.current = m.prompt;
        setPhase('open');
        x.write(`${crlf(m.text)}\r\n${m.prompt}`);
      } else if (m.type === 'output') {
        if (m.effect === 'clear') x.clear();
        if (m.effect === 'clear') x.write('\x1b[2K\r');
        x.write(m.text ? `${crlf(m.text)}\r\n` : '');
        if (!m.effect || m.effect === 'clear') x.write(prompt.current);
      } else if (m.type === 'closed') {
        x.write(`\r\n\x1b[33m${crlf(m.text)}\x1b[0m\r\n`);
        setNotice(m.text);
      } else if (m.type === 'error') {
        setNotice(m.description);
      }
    };
    void consoleTicket(hostId).then(
      (r) => {
        if (!live) return;
        if ('refusal' in r) {
          setNotice(r.refusal);
          setPhase('closed');
          return;
        }
        conn.current = openConsole(hostId, r.ticket, onMessage, () => live && setPhase('closed'));
      },
      () => {
        if (!live) return;
        setNotice(t('console.failed'));
        setPhase('closed');
      },
    );
    return () => {
      live = false;
      conn.current?.close();
      conn.current = null;
    };
  }, [hostId, attempt, t]);

  const run = (text: string) => {
    if (phase !== 'open' || !conn.current) return;
    term.current?.write(`${text}\r\n`);
    conn.current.send(text);
    if (text.trim()) history.current = [...history.current.filter((h) => h !== text), text].slice(-50);
    cursor.current = history.current.length;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(line);
    setLine('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    const h = history.current;
    cursor.current = Math.max(0, Math.min(h.length, cursor.current + (e.key === 'ArrowUp' ? -1 : 1)));
    setLine(h[cursor.current] ?? '');
  };

  return (
    <div className="ys-hostterm">
      <div className="ys-hostterm__screen" ref={box} data-testid="host-terminal" aria-label={t('console.screen')} />
      {notice ? (
        <p className="ys-hostterm__notice" role="alert" data-testid="host-console-notice">
          {notice}
        </p>
      ) : null}
      {phase === 'closed' ? (
        <button type="button" className="ys-btn ys-btn--primary ys-btn--block ys-btn--tall" onClick={() => setAttempt((n) => n + 1)}>
          {t('console.reconnect')}
        </button>
      ) : (
        <>
          <div className="ys-hostterm__quick" role="group" aria-label={t('console.quick')}>
            {QUICK.map((q) => (
              <button key={q} type="button" className="ys-hostterm__chip" disabled={phase !== 'open'} onClick={() => run(q)}>
                {q}
              </button>
            ))}
          </div>
          <form className="ys-hostterm__input" onSubmit={submit}>
            <input
              aria-label={t('console.line')}
              value={line}
              onChange={(e) => setLine(e.target.value)}
              onKeyDown={onKey}
              placeholder={phase === 'open' ? t('console.placeholder') : t('console.connecting')}
              disabled={phase !== 'open'}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="send"
              maxLength={512}
            />
            <button type="submit" className="ys-btn ys-btn--primary" disabled={phase !== 'open'}>
              {t('console.send')}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
