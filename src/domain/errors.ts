// The error catalogue of seed 000 §8, shared by server (answers) and web (notices).
// Texts live in locales/{lang}/errors.json under `errors:<key>`; this module only knows keys.

export const LANGUAGES = ['zh-CN', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Picks zh-TW for any Traditional-Chinese tag (zh-TW, zh-HK, zh-Hant…), else zh-CN. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('zh-tw') || first.startsWith('zh-hk') || first.startsWith('zh-mo') || first.includes('hant')) {
    return 'zh-TW';
  }
  return DEFAULT_LANGUAGE;
}

/** Fallback description key per status (seed 000 §8). */
export const STATUS_FALLBACK: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  428: 'precondition_required',
  429: 'too_many_requests',
  500: 'internal',
};

export type ErrorParams = Record<string, string | number>;

/**
 * A failure that the API answers as `{title, description}`. `key` names a text in
 * `errors.json`; `params` fill its `{{placeholders}}`.
 */
export class AppError extends Error {
  readonly status: number;
  readonly key: string;
  readonly params: ErrorParams;
  constructor(status: number, key?: string, params: ErrorParams = {}) {
    super(key ?? STATUS_FALLBACK[status] ?? 'internal');
    this.status = status;
    this.key = key ?? STATUS_FALLBACK[status] ?? 'internal';
    this.params = params;
  }
}

export const badRequest = (key = 'bad_request', params?: ErrorParams) => new AppError(400, key, params);
export const unauthorized = (key = 'unauthorized') => new AppError(401, key);
export const forbidden = (key = 'forbidden', params?: ErrorParams) => new AppError(403, key, params);
export const notFound = (key = 'not_found', params?: ErrorParams) => new AppError(404, key, params);
export const conflict = (key = 'conflict', params?: ErrorParams) => new AppError(409, key, params);
export const tooMany = (key = 'too_many_requests', params?: ErrorParams) => new AppError(429, key, params);

/** Notice duration rule of seed 000 §8 for 428 and "no response": 8 s up to 15 characters, else 13 s. */
export function shortNoticeSeconds(text: string): number {
  return [...text].length <= 15 ? 8 : 13;
}

/** Default error notice duration (seconds). */
export const ERROR_NOTICE_SECONDS = 20;
