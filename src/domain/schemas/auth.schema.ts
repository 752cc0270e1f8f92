import { z } from 'zod';

export const loginSchema = z.object({
  account: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
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
