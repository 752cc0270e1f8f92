// The phone numbers' request schemas (parse to the stored form, refuse with phone.ts's problems), apart
// from phone.ts so a form that only checks a typed number on the device does not load zod.
import { z } from 'zod';
import { joinPhone, phoneProblem, splitPhone } from './phone.ts';

function phoneOf(kind: 'mobile' | 'any') {
  return z
    .string()
    .max(32, { message: 'mobile' })
    .transform((raw, ctx) => {
      const p = splitPhone(raw);
      const problem = p ? phoneProblem(p.area_code, p.phone, kind) : 'mobile';
      if (!p || problem) {
        ctx.addIssue({ code: 'custom', message: problem ?? 'mobile' });
        return z.NEVER;
      }
      return joinPhone(p.area_code, p.phone);
    });
}

/** A mobile phone (+86 or +852) that SMS reaches; parses to the stored form. */
export const mobilePhoneSchema = phoneOf('mobile');
/** A phone that is called rather than texted: a Hong Kong fixed line is taken too. */
export const contactPhoneSchema = phoneOf('any');
