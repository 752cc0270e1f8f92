// A light toast for the phone first screens (ADR 0034): the kit's `Toast.show` for a line of text,
// with its classes and looks (its CSS file), as plain DOM — no React root, no mask component, no
// animation library — so a decision queued offline right after the first load can still say so.
// Announced politely to screen readers (role=status); one toast at a time, like the kit's.
import './light.css';

export interface ToastOptions {
  content: string;
  position?: 'top' | 'bottom' | 'center';
  /** ms on screen (the kit's default 2000) */
  duration?: number;
}

const TOP: Record<NonNullable<ToastOptions['position']>, string> = { top: '20%', center: '50%', bottom: '80%' };

let current: { node: HTMLElement; timer: number } | null = null;

function clear(): void {
  if (!current) return;
  window.clearTimeout(current.timer);
  current.node.remove();
  current = null;
}

function show(options: ToastOptions | string): void {
  const { content, position = 'center', duration = 2000 } = typeof options === 'string' ? { content: options } : options;
  clear();
  const node = document.createElement('div');
  node.className = 'adm-toast-mask ys-light-toast';
  const wrap = document.createElement('div');
  wrap.className = 'adm-toast-wrap';
  const main = document.createElement('div');
  main.className = 'adm-toast-main adm-toast-main-text';
  main.style.top = TOP[position];
  main.setAttribute('role', 'status');
  main.setAttribute('aria-live', 'polite');
  main.textContent = content;
  wrap.append(main);
  node.append(wrap);
  document.body.append(node);
  current = { node, timer: window.setTimeout(clear, duration) };
}

export const Toast = { show, clear };
