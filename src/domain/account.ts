// The user centre's rules (seed 001 §3 "User", §5 passwords and phone, §6): password rules, the
// phone change under review, masks. Shared by the server and the account screens.
import { z } from 'zod';
import { mobilePhoneSchema } from './phone-schema.ts';
import { NO_SPACES, hasSpace } from './no-spaces.ts';

/** Reserved words barred as passwords (seed 001 §5). */
export const RESERVED_PASSWORD_WORDS = ['welcome', 'database', 'account', 'user', 'password', 'oracle', 'computer', 'abcd'] as const;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;

/** The first rule a new password breaks (a rule key of errors:rules), or null. */
export function passwordProblem(password: string, account: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'password_length';
  if (hasSpace(password)) return NO_SPACES;
  if (/[\u4e00-\u9fff]/.test(password)) return 'no_chinese';
  if (!/\d/.test(password) || !/[a-z]/.test(password) || !/[A-Z]/.test(password)) return 'password_mix';
  const lower = password.toLowerCase();
  if (RESERVED_PASSWORD_WORDS.some((w) => lower.includes(w))) return 'password_reserved';
  if (account && lower.includes(account.toLowerCase())) return 'password_account';
  return null;
}

export const passwordChangeSchema = z
  .object({
    old_password: z.string().min(1).max(128),
    new_password: z.string().min(1).max(128),
    confirm_password: z.string().min(1).max(128),
  })
  .strict()
  .refine((v) => v.new_password === v.confirm_password, { message: 'password_mismatch', path: ['confirm_password'] });

export const smsCodeSchema = z.string().regex(/^\d{6}$/, { message: 'sms_code_format' });
export const phoneVerifySchema = z.object({ sms_code: smsCodeSchema }).strict();
export const phoneChangeSchema = z.object({ phone: mobilePhoneSchema, sms_code: smsCodeSchema }).strict();

/** The operations whose code the user centre sends. */
export const ACCOUNT_SMS_TYPES = ['verify_phone', 'change_phone'] as const;
export const accountSmsSchema = z.object({ operate_type: z.enum(ACCOUNT_SMS_TYPES) }).strict();

export const maskEmail = (email: string) => {
  const [name, host] = email.split('@');
  if (!name || !host) return email;
  return `${name.slice(0, 2)}***@${host}`;
};
/** ID numbers show their first 3 and last 4 characters. */
export const maskIdNumber = (id: string) => (id.length > 7 ? `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}` : '****');

/** Enterprise real-name verification (auth): licence number 1-18 letters and digits (seed 001 §5). */
export const realNameSchema = z
  .object({
    enterprise: z.string().trim().min(2).max(60),
    licence_number: z
      .string()
      .trim()
      .min(1)
      .max(18)
      .regex(/^[0-9A-Za-z]+$/, { message: 'invalid_format' }),
  })
  .strict();
export const REAL_NAME_STATUSES = ['reviewing', 'approved', 'rejected'] as const;
