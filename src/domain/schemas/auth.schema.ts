import { z } from 'zod';

export const loginSchema = z.object({
  account: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  /** asked for when the account is under attack and this source has not signed in lately (ADR 0043) */
  captcha_id: z
    .string()
    .regex(/^[0-9a-f]{32}$/, { message: 'captcha_first' })
    .optional(),
  captcha: z.string().trim().max(8).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Session profile (seed 000 §3 "Session"). */
export interface SessionProfile {
  token?: string;
  nickname: string;
  id: string;
  account: string;
  need_sign_service_agreement: boolean;
  is_sign_service_agreement: boolean;
  is_sign: boolean;
  sign_pass_time: string | null;
}
