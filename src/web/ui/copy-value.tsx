// A value people may need elsewhere (an id, an address) with its copy button. `shown` replaces the
// value on screen — a card or a log line shows 「ID」, never 32 hex digits (issue 28) — while the
// button still copies the whole value. Texts come from the caller: the kit reads no namespace.
import { FileOutline } from 'antd-mobile-icons';
import { Toast } from './light/toast.ts';
import './copy-value.css';

/** Copies `text` and says so (`done`); where the Clipboard API is missing or refused, the old way. */
export function copyToClipboard(text: string, done: string) {
  const fallback = () => {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  };
  (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'))).catch(fallback).finally(() => Toast.show({ content: done }));
}

export interface CopyValueProps {
  value: string;
  /** what the screen shows instead of the value */
  shown?: string;
  /** the button's accessible name (复制 ID) */
  label: string;
  /** the toast after copying */
  copied: string;
}

export function CopyValue({ value, shown, label, copied }: CopyValueProps) {
  return (
    <span className="ys-copyid">
      <span className="ys-copyid__text">{shown ?? value}</span>
      <button
        type="button"
        className="ys-copyid__btn"
        aria-label={label}
        onClick={(e) => {
          e.stopPropagation();
          copyToClipboard(value, copied);
        }}
      >
        <FileOutline fontSize={13} />
      </button>
    </span>
  );
}
