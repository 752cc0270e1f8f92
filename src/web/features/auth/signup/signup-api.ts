// The calls of the /login views (registration, recovery, QR sign-in, appeal): signup/signup.routes.ts.
import { get, post } from '../../../lib/request.ts';
import type { Profile } from '../../../lib/profile.ts';

export interface Captcha {
  captcha_id: string;
  svg: string;
}
export interface QrTicket {
  ticket: string;
  poll_token: string;
  expires_in: number;
  svg: string;
}
export type QrPoll = { status: 'pending' | 'expired' | 'consumed' } | { status: 'confirmed'; profile: Profile };

const quiet = { isNeedloading: false } as const;
export const fetchCaptcha = () => get<Captcha>('/api/v1/signup/captcha', undefined, quiet);
/** A recovery answer names no phone (ADR 0043): it is the same whether the account exists. */
export const sendSignupCode = (
  body: { purpose: 'register'; phone: string } | { purpose: 'recover'; account: string },
  captcha: { captcha_id: string; captcha: string },
) => post<{ phone?: string; countdown: number }>('/api/v1/signup/sms-codes', { ...body, ...captcha });
export const registerAccount = (body: Record<string, unknown>) => post<{ id: string; account: string }>('/api/v1/signup/register', body);
export const recoverPassword = (body: Record<string, unknown>) => post<{ account: string; message: string }>('/api/v1/signup/recover', body);
export const sendAppeal = (body: Record<string, unknown>) => post<{ id: string }>('/api/v1/signup/appeals', body);
export const createQrTicket = () => post<QrTicket>('/api/v1/qr-login/tickets', {}, quiet);
export const pollQrTicket = (ticket: string, poll_token: string) =>
  post<QrPoll>(`/api/v1/qr-login/tickets/${ticket}/poll`, { poll_token }, { isNeedloading: false, notice: false });
export const qrTicketInfo = (ticket: string) =>
  get<{ status: 'pending' | 'confirmed' | 'consumed' | 'expired' }>(`/api/v1/qr-login/tickets/${ticket}`, undefined, { isNeedloading: false, notice: false });
export const confirmQrTicket = (ticket: string) => post<{ status: string }>(`/api/v1/qr-login/tickets/${ticket}/confirm`, {});
