// The SMS-verified delete flow (seed 000 §4): ask whether a code is needed, send a six-digit code
// through the gateway (60 s between sends), then a delete carrying sms_necessity_flag=1 must bring
// a valid, unexpired, unused code. The embedded gateway writes codes to the server log.
import { createHash, randomInt } from 'node:crypto';
import { AppError, tooMany } from '../../../domain/errors.ts';
import type { Db } from '../db/database.ts';
import { consumeSmsCode, latestSmsCode, insertSmsCode, lastSmsSentAt } from './sms.repository.ts';
import { consumeAttempt, type AttemptLimit } from '../auth/attempts.repository.ts';
import { invalid } from '../lib/invalid.ts';
import { maskPhoneWithCode } from '../../../domain/phone.ts';

export interface SmsMessage {
  phone: string;
  area_code: string;
  operate_type: string;
  code: string;
}

export interface SmsGateway {
  send(msg: SmsMessage): Promise<void>;
}

/** The embedded gateway: logs the code and keeps the messages in memory (tests read `sent`). */
export function logSmsGateway(log: { info: (obj: object, msg: string) => void }) {
  const sent: SmsMessage[] = [];
  return {
    sent,
    lastCode(phone: string): string | undefined {
      return [...sent].reverse().find((m) => m.phone === phone)?.code;
    },
    async send(msg: SmsMessage) {
      sent.push(msg);
      if (sent.length > 1000) sent.shift();
      log.info({ sms: { to: `+${msg.area_code} ${msg.phone}`, operate_type: msg.operate_type, code: msg.code } }, 'sms code sent (embedded gateway)');
    },
  };
}

export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_ATTEMPTS = 5;
/** A code's guesses, counted by the platform's attempt counter (one statement per guess): five for its life. */
export const SMS_CODE_LIMIT: AttemptLimit = { max: SMS_MAX_ATTEMPTS, windowMs: 24 * 3600_000 };
/** Operations that need a code: deleting priced resources (hosts, disks, EIPs). */
export const SMS_OPERATE_TYPES = ['delete_instance', 'delete_volume', 'delete_eip', 'delete_resource'] as const;

const hash = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

interface SmsUser {
  id: string;
  phone: string | null;
  area_code: string;
  is_phone_validate: boolean;
}

export function smsService(db: Db, gateway: SmsGateway, opts: { enabled: boolean } = { enabled: true }) {
  /** Operations that ask for a code: the listed deletes, while the platform's SMS verification is on. */
  const required = (operateType: string) => opts.enabled && (SMS_OPERATE_TYPES as readonly string[]).includes(operateType);
  return {
    necessity(user: SmsUser, operateType: string) {
      const status = required(operateType);
      return {
        phone: user.phone ? maskPhoneWithCode(user.area_code, user.phone) : null,
        area_code: user.area_code,
        status,
        is_phone_validate: user.is_phone_validate,
      };
    },
    async send(user: SmsUser, operateType: string, opts: { unverified?: boolean } = {}) {
      // Verifying the phone itself (handlePhone/verify) is the one send to a phone not yet verified.
      if (!user.phone || (!user.is_phone_validate && !opts.unverified)) throw new AppError(409, 'sms_phone_unverified');
      const last = await lastSmsSentAt(db, user.id, operateType);
      if (last && Date.now() - last.getTime() < SMS_RESEND_SECONDS * 1000) throw tooMany('sms_too_frequent');
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await insertSmsCode(db, {
        user_id: user.id,
        operate_type: operateType,
        code_hash: hash(user.id, code),
        expires_at: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
      });
      await gateway.send({ phone: user.phone, area_code: user.area_code, operate_type: operateType, code });
      return { phone: maskPhoneWithCode(user.area_code, user.phone), area_code: user.area_code, countdown: SMS_RESEND_SECONDS };
    },
    /** Consumes a code or throws 400 naming sms_code. */
    async verify(userId: string, operateType: string, code: string | undefined) {
      if (!code) throw invalid('sms_code', 'sms_code_first');
      const row = await latestSmsCode(db, userId, operateType);
      if (!row) throw invalid('sms_code', 'sms_code_first');
      if (row.expires_at.getTime() < Date.now()) throw invalid('sms_code', 'sms_code_expired');
      // The guess is counted before it is compared: past the limit nothing is compared at all.
      if (!(await consumeAttempt(db, `sms:${row.id}`, SMS_CODE_LIMIT)).ok) throw invalid('sms_code', 'sms_code_expired');
      if (row.code_hash !== hash(userId, code)) throw invalid('sms_code', 'sms_code_wrong');
      // Single use even under concurrent requests: only the call that flips `used` gets through.
      if (!(await consumeSmsCode(db, row.id))) throw invalid('sms_code', 'sms_code_expired');
    },
    /** Whether this user must bring a code for the operation (the server's own necessity check). */
    required,
  };
}
export type SmsService = ReturnType<typeof smsService>;
