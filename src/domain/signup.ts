// Registration, password recovery, QR sign-in and the account reviews (issue 12, ADR 0026):
// the rules shared by the server and the /login views. Passwords follow the user centre's rules
// (account.ts `passwordProblem`), never a second copy.
import { z } from 'zod';
import { NO_SPACES, noSpaces } from './no-spaces.ts';
import { mobilePhoneSchema } from './phone-schema.ts';
import { smsCodeSchema } from './account.ts';

/** A captcha answer is valid this long and only once. */
export const CAPTCHA_TTL_SECONDS = 300;
/** A QR sign-in ticket is valid about two minutes, once. */
export const QR_TICKET_TTL_SECONDS = 120;
/** The login page asks about its ticket this often. */
export const QR_POLL_MS = 2000;
/** Anonymous signup writes (codes, registration, recovery, appeals) per client IP and hour. */
export const SIGNUP_WRITES_PER_IP_HOUR = 30;

/** The business type of the tenant a registration creates (an internet user's personal space). */
export const PERSONAL_BUSINESS_TYPE = '个人用户';

/** Account names: 3-32 letters, digits, underscore, dot or hyphen, starting with a letter — the one rule for every way an account is made (registration here, users added by administrators in access/access.ts). */
export const ACCOUNT_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/;

/** +86 (bare digits) or +852 ("+852 91234567"), parsed to the stored form (phone.ts). */
const mobile = mobilePhoneSchema;
const captcha = {
  captcha_id: z.string().regex(/^[0-9a-f]{32}$/, { message: 'captcha_first' }),
  captcha: z.string().trim().min(1, { message: 'captcha_first' }).max(8),
};

export const SIGNUP_SMS_PURPOSES = ['register', 'recover'] as const;
export type SignupSmsPurpose = (typeof SIGNUP_SMS_PURPOSES)[number];

/** A code for registration goes to the phone given; for recovery to the account's registered phone. */
export const signupSmsSchema = z.discriminatedUnion('purpose', [
  z.object({ purpose: z.literal('register'), phone: mobile, ...captcha }).strict(),
  z.object({ purpose: z.literal('recover'), account: z.string().trim().min(1).max(64), ...captcha }).strict(),
]);

export const registerSchema = z
  .object({
    account: z.string().trim().refine(noSpaces, { message: NO_SPACES }).regex(ACCOUNT_PATTERN, { message: 'account_format' }),
    password: z.string().min(1).max(128),
    confirm_password: z.string().min(1).max(128),
    phone: mobile,
    email: z.string().trim().max(100).email({ message: 'email' }),
    sms_code: smsCodeSchema,
    agreement: z.literal(true, { message: 'agreement' }),
  })
  .strict()
  .refine((v) => v.password === v.confirm_password, { message: 'password_mismatch', path: ['confirm_password'] });
export type RegisterInput = z.infer<typeof registerSchema>;

export const recoverSchema = z
  .object({
    account: z.string().trim().min(1).max(64),
    sms_code: smsCodeSchema,
    password: z.string().min(1).max(128),
    confirm_password: z.string().min(1).max(128),
  })
  .strict()
  .refine((v) => v.password === v.confirm_password, { message: 'password_mismatch', path: ['confirm_password'] });

/** A locked user's appeal: who they are, how to reach them, why the lock should go. */
export const appealSchema = z
  .object({
    account: z.string().trim().min(1).max(64),
    contact: z.string().trim().min(5).max(100),
    reason: z.string().trim().min(10).max(500),
    ...captcha,
  })
  .strict();

export const QR_STATUSES = ['pending', 'confirmed', 'consumed', 'expired'] as const;
export type QrStatus = (typeof QR_STATUSES)[number];

export const ACCOUNT_REVIEW_TYPES = ['phone_change', 'real_name'] as const;
export type AccountReviewType = (typeof ACCOUNT_REVIEW_TYPES)[number];
export const reviewDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), reason: z.string().trim().max(200).optional() }).strict(),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(2).max(200) }).strict(),
]);

/** The login page's views (`/login?view=…`): each is its own lazy chunk. */
export const LOGIN_VIEWS = ['register', 'forgot', 'qr', 'qr-confirm', 'appeal'] as const;
export type LoginView = (typeof LOGIN_VIEWS)[number];
export const loginViewOf = (value: string | null): LoginView | null => ((LOGIN_VIEWS as readonly string[]).includes(value ?? '') ? (value as LoginView) : null);
