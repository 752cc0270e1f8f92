// The one request helper (seed 000 §7, §8): scope and language headers, query or JSON payload,
// the loading overlay counter, time-outs, blob downloads, uploads and the error notices.
// `noticeFor` and the other exported helpers are pure so tests/unit/request.test.ts covers every
// row of the §8 table without a browser.
import { TIMEOUT_MS } from '../../domain/constants.ts';
import { STATUS_FALLBACK, ERROR_NOTICE_SECONDS, shortNoticeSeconds, type Language } from '../../domain/errors.ts';
import { STEP_UP_HEADER, STEP_UP_REQUIRED_HEADER } from '../../domain/step-up.ts';
import i18next from 'i18next';
import { loadNamespace } from './i18n.ts';
import { clearAuth, getLanguage, getProject, getTenant, getToken } from './session.ts';
import { loadingCountAtom, loginStateAtom, modalButtonEnabledAtom, store } from './store.ts';
import { pushNotice } from './notices.ts';

export const API_BASE = '/api';

/**
 * The error texts of a language, from i18next: zh-CN's errors namespace loads with the console or
 * with the first failure (ensureErrorTexts), zh-TW's when zh-TW is chosen (lib/i18n.ts), so
 * neither is part of a public page's first load.
 */
function errorTexts(lang: Language): Record<string, unknown> | undefined {
  try {
    return i18next.getResourceBundle(lang, 'errors') as Record<string, unknown> | undefined;
  } catch {
    return undefined;
  }
}

/** Loads the error texts (awaited before a notice is built). */
export const ensureErrorTexts = (): Promise<void> => loadNamespace('errors').catch(() => undefined);

export function errorText(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const value = errorTexts(lang)?.[key] ?? errorTexts('zh-CN')?.[key];
  const text = typeof value === 'string' ? value : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export interface ErrorBody {
  title?: string;
  description?: string;
  /** the body field a 400 names (validation) */
  field?: string;
}

export type Notice = { kind: 'logout' } | { kind: 'error'; title: string; description: string; seconds: number; closable: boolean };

/** Statuses whose description falls back to a fixed text (seed 000 §8). */
const FALLBACK_STATUSES = new Set([403, 404, 405, 409, 429, 500]);

/**
 * What the shell shows for a failed request (seed 000 §8). `status` 0 means no response (network
 * failure or time-out); `requestInfo` (method and URL) then follows the time-out text. A 401 of
 * the sign-in call itself is a wrong password, not a lost session: its description is shown.
 */
export function noticeFor(
  status: number,
  body: ErrorBody | null | undefined,
  lang: Language,
  requestInfo = '',
  opts: { signIn?: boolean } = {},
): Notice | null {
  const title = errorText(lang, 'title');
  const description = typeof body?.description === 'string' && body.description.trim() ? body.description : '';
  const error = (text: string, seconds = ERROR_NOTICE_SECONDS): Notice => ({ kind: 'error', title, description: text, seconds, closable: true });
  if (status === 401) return opts.signIn ? error(description || errorText(lang, 'login_failed')) : { kind: 'logout' };
  if (status === 0) {
    const text = [errorText(lang, 'timeout'), requestInfo].filter(Boolean).join(' ');
    return error(text, shortNoticeSeconds(text));
  }
  if (status === 428) {
    const text = description || errorText(lang, STATUS_FALLBACK[428]!);
    return error(text, shortNoticeSeconds(text));
  }
  if (status === 400) return error(description || errorText(lang, STATUS_FALLBACK[400]!));
  if (FALLBACK_STATUSES.has(status)) return error(description || errorText(lang, STATUS_FALLBACK[status]!));
  if (description) return error(description);
  if (status >= 400) return error(errorText(lang, 'request_failed', { status }));
  return null;
}

type Scalar = string | number | boolean;
export type Payload = Record<string, Scalar | Scalar[] | null | undefined> | undefined;

/** GET/DELETE payload as a query string: arrays comma-joined, empty values left out. */
export function toQuery(payload: Payload): string {
  if (!payload) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

export function apiUrl(url: string): string {
  if (/^https?:\/\//.test(url) || url.startsWith(`${API_BASE}/`) || url === API_BASE) return url;
  return `${API_BASE}/${url.replace(/^\/+/, '')}`;
}

/** The file name of a download: from content-disposition (RFC 5987 first), else the fallback with `.xls`. */
export function filenameFromDisposition(header: string | null | undefined, fallback = 'download'): string {
  const withExt = (name: string) => (/\.[a-z0-9]{1,5}$/i.test(name) ? name : `${name}.xls`);
  if (header) {
    const star = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
    if (star?.[1]) {
      try {
        return withExt(decodeURIComponent(star[1].trim().replace(/^"|"$/g, '')));
      } catch {
        /* fall through */
      }
    }
    const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header);
    if (plain?.[2]) {
      let name = plain[2].trim();
      try {
        name = decodeURIComponent(name);
      } catch {
        /* keep as sent */
      }
      return withExt(name);
    }
  }
  return withExt(fallback);
}

export interface RequestOptions {
  /** show the global loading overlay (default true) */
  isNeedloading?: boolean;
  /** milliseconds (default 30 s; lists 120 s, exports 600 s, uploads 60 s: TIMEOUT_MS) */
  timeout?: number;
  headers?: Record<string, string>;
  /** send the payload as it is (FormData, Blob, text) and do not parse the answer as JSON */
  notJson?: boolean;
  /** show the §8 notice on failure (default true) */
  notice?: boolean;
  /** the sign-in call: a 401 is shown (wrong account or password) instead of ending the session */
  signIn?: boolean;
  signal?: AbortSignal;
  /** answer a step-up refusal (403 marked x-step-up-required) with the step-up dialog and one retry (default true) */
  stepUp?: boolean;
}

export class RequestError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  constructor(status: number, body: ErrorBody | null, message?: string) {
    super(message ?? body?.description ?? `HTTP ${status}`);
    this.name = 'RequestError';
    this.status = status;
    this.body = body;
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  if (typeof window !== 'undefined') window.location.assign('/login');
};
/** The app tells the helper how to go to login (the router knows the current location). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/**
 * Step-up (ADR 0029): a destructive call the server refuses with `x-step-up-required: 1` is not
 * shown as a failure; the helper asks the handler for a proof (the app opens the step-up dialog:
 * passkey when the user has one, password as fallback; a proof is reused for its 5 minutes) and
 * sends the same call once more with it. No proof (cancelled) ends the call as refused, silently.
 */
type StepUpHandler = () => Promise<string | null>;
let onStepUp: StepUpHandler | null = null;
export function setStepUpHandler(handler: StepUpHandler | null): void {
  onStepUp = handler;
}

/** A refusal the step-up can lift (thrown by `send` only while a retry is still possible). */
class StepUpNeeded extends RequestError {}

/** The headers every call carries: token, tenant, project, language. */
export function scopeHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': getLanguage() };
  const token = getToken();
  const tenant = getTenant();
  const project = getProject();
  if (token) headers['X-Auth-Token'] = token;
  if (tenant) headers['X-Tenant-Id'] = tenant.id;
  if (project) headers['X-Project-Id'] = project.id;
  return headers;
}

function showFailure(status: number, body: ErrorBody | null, info: string, signIn = false): void {
  if (!errorTexts('zh-CN')) {
    void ensureErrorTexts().then(() => showFailure(status, body, info, signIn));
    return;
  }
  const notice = noticeFor(status, body, getLanguage(), info, { signIn });
  if (!notice) return;
  if (notice.kind === 'logout') {
    clearAuth();
    store.set(loginStateAtom, false);
    onUnauthorized();
    return;
  }
  pushNotice({ type: 'error', title: notice.title, description: notice.description, seconds: notice.seconds, closable: notice.closable });
}

async function readBody(res: Response): Promise<ErrorBody | null> {
  try {
    const text = await res.text();
    return text ? (JSON.parse(text) as ErrorBody) : null;
  } catch {
    return null;
  }
}

interface RawResult {
  res: Response;
}

/**
 * GETs a page's HTML names for its first screen (<meta name="ys-early-get">, ADR 0033 and 0038),
 * started by the entry before the router and the page's chunks have run. The page's own GET of the
 * same address with the same headers (token, scope, language) takes the answer once, within
 * EARLY_TTL_MS; a failed or unanswered one is asked again as usual, with the page's own error handling.
 */
const early = new Map<string, Promise<Response | null>>();
const EARLY_TTL_MS = 15_000;
const earlyKey = (target: string, headers: Record<string, string>) => `${target}\n${JSON.stringify(headers)}`;

/** Starts a quiet GET of `url` (an API path with its query) for the page's first request of it to take. */
export function prefetch(url: string): void {
  const target = apiUrl(url);
  const headers = scopeHeaders();
  const key = earlyKey(target, headers);
  if (early.has(key)) return;
  early.set(
    key,
    // (the page's own time-out: an answer that never comes is asked again, not waited for)
    fetch(target, { headers, credentials: 'same-origin', signal: AbortSignal.timeout(TIMEOUT_MS.request) }).then(
      (res) => (res.ok ? res : null),
      () => null,
    ),
  );
  setTimeout(() => early.delete(key), EARLY_TTL_MS);
}

function takeEarly(target: string, headers: Record<string, string>): Promise<Response | null> | undefined {
  if (!early.size) return undefined;
  const key = earlyKey(target, headers);
  const started = early.get(key);
  early.delete(key);
  return started;
}

async function send(method: string, url: string, payload: unknown, options: RequestOptions): Promise<RawResult> {
  const upper = method.toUpperCase();
  const asQuery = upper === 'GET' || upper === 'DELETE' || upper === 'HEAD';
  const target = apiUrl(url) + (asQuery ? toQuery(payload as Payload) : '');
  const headers: Record<string, string> = { ...scopeHeaders(), ...options.headers };
  const started = upper === 'GET' ? takeEarly(target, headers) : undefined;
  if (started) {
    const res = await started;
    if (res) return { res };
  }
  let body: BodyInit | undefined;
  if (!asQuery && payload !== undefined) {
    if (options.notJson || payload instanceof FormData || payload instanceof Blob) body = payload as BodyInit;
    else {
      body = JSON.stringify(payload);
      headers['Content-Type'] ??= 'application/json';
    }
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), options.timeout ?? TIMEOUT_MS.request);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason), { once: true });
  const loading = options.isNeedloading ?? true;
  if (loading) store.set(loadingCountAtom, (n) => n + 1);
  const info = `${upper} ${target}`;
  try {
    let res: Response;
    try {
      res = await fetch(target, { method: upper, headers, body, signal: controller.signal, credentials: 'same-origin' });
    } catch (err) {
      // A caller's own cancellation is not a failure to report.
      if (options.signal?.aborted) throw err;
      if (options.notice ?? true) showFailure(0, null, info);
      throw new RequestError(0, null, info);
    }
    if (!res.ok) {
      const errBody = await readBody(res);
      if (res.status === 403 && res.headers.get(STEP_UP_REQUIRED_HEADER) === '1' && onStepUp && (options.stepUp ?? true)) throw new StepUpNeeded(403, errBody);
      if (options.notice ?? true) showFailure(res.status, errBody, info, options.signIn);
      else if (res.status === 401 && !options.signIn) {
        clearAuth();
        store.set(loginStateAtom, false);
      }
      throw new RequestError(res.status, errBody);
    }
    return { res };
  } finally {
    clearTimeout(timer);
    if (loading) store.set(loadingCountAtom, (n) => Math.max(0, n - 1));
    store.set(modalButtonEnabledAtom, true);
  }
}

/** `request('GET', 'v1/menus')`, `request('POST', 'v1/login', {account, password})`. */
export async function request<T = unknown>(method: string, url: string, payload?: unknown, options: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    ({ res } = await send(method, url, payload, options));
  } catch (err) {
    if (!(err instanceof StepUpNeeded) || !onStepUp) throw err;
    const token = await onStepUp();
    if (!token) throw new RequestError(err.status, err.body);
    // Once: a second refusal (the proof expired meanwhile) is shown like any other.
    ({ res } = await send(method, url, payload, { ...options, stepUp: false, headers: { ...options.headers, [STEP_UP_HEADER]: token } }));
  }
  if (res.status === 204) return undefined as T;
  if (options.notJson) return (await res.text()) as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const get = <T = unknown>(url: string, payload?: Payload, options?: RequestOptions) => request<T>('GET', url, payload, options);
export const post = <T = unknown>(url: string, payload?: unknown, options?: RequestOptions) => request<T>('POST', url, payload, options);
export const put = <T = unknown>(url: string, payload?: unknown, options?: RequestOptions) => request<T>('PUT', url, payload, options);
export const del = <T = unknown>(url: string, payload?: Payload, options?: RequestOptions) => request<T>('DELETE', url, payload, options);
/** Paged lists wait longer (120 s). */
export const getList = <T = unknown>(url: string, payload?: Payload, options?: RequestOptions) =>
  request<T>('GET', url, payload, { timeout: TIMEOUT_MS.list, ...options });

/**
 * Export: a blob answer saved under the content-disposition name (default `.xls`), 600 s. A failed
 * export whose blob is JSON shows its description for 5 s.
 */
export async function download(method: string, url: string, payload?: unknown, options: RequestOptions & { filename?: string } = {}): Promise<string> {
  let result: RawResult;
  try {
    result = await send(method, url, payload, { timeout: TIMEOUT_MS.export, ...options, notice: false });
  } catch (err) {
    if (err instanceof RequestError) {
      if (err.status === 401) {
        onUnauthorized();
        throw err;
      }
      const text = err.body?.description ?? err.message;
      await ensureErrorTexts();
      pushNotice({ type: 'error', title: errorText(getLanguage(), 'title'), description: text, seconds: 5, closable: true });
    }
    throw err;
  }
  const blob = await result.res.blob();
  const name = filenameFromDisposition(result.res.headers.get('content-disposition'), options.filename);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}

/** Upload: multipart POST, 60 s; a failure shows the answer's title and description for 15 s. */
export async function upload<T = unknown>(url: string, file: Blob | FormData, options: RequestOptions & { field?: string } = {}): Promise<T> {
  const form =
    file instanceof FormData
      ? file
      : (() => {
          const f = new FormData();
          f.append(options.field ?? 'file', file);
          return f;
        })();
  try {
    const { res } = await send('POST', url, form, { timeout: TIMEOUT_MS.upload, ...options, notJson: true, notice: false });
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (err) {
    if (err instanceof RequestError) {
      if (err.status === 401) {
        onUnauthorized();
        throw err;
      }
      const lang = getLanguage();
      await ensureErrorTexts();
      pushNotice({
        type: 'error',
        title: err.body?.title ?? errorText(lang, 'title'),
        description: err.body?.description ?? errorText(lang, err.status ? 'request_failed' : 'timeout', { status: err.status }),
        seconds: 15,
        closable: true,
      });
    }
    throw err;
  }
}
