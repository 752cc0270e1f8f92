// The picture captcha (svg-captcha): issued for registration, recovery and appeals (ADR 0026) and
// for sign-ins to an account under attack from a source it has not signed in from lately (ADR
// 0043). Each image takes one guess, right or wrong: the guess spends it in one statement
// (UPDATE … WHERE used = false RETURNING), so parallel guesses cannot share an image.
import { createHash, timingSafeEqual } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { newId } from '../../../domain/ids.ts';
import { CAPTCHA_TTL_SECONDS } from '../../../domain/signup.ts';
import type { Db } from '../db/database.ts';
import { invalid } from '../lib/invalid.ts';
import { deleteCaptchasExpiredBefore, insertCaptcha, spendCaptcha } from './captcha.repository.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

export function captchaService(db: Db, opts: { devInbox?: boolean; log?: { info: (obj: object, msg: string) => void } } = {}) {
  /** The dev inbox: captcha id → answer, only when switched on. */
  const inbox = new Map<string, string>();
  return {
    inbox,
    async issue() {
      const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: false, background: '#f2f5fa', width: 120, height: 44 });
      const id = newId();
      await insertCaptcha(db, { id, answer_hash: sha(`${id}:${c.text.toLowerCase()}`), expires_at: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000) });
      // Old images go with new ones: the table holds only the last few minutes.
      await deleteCaptchasExpiredBefore(db, new Date(Date.now() - 3600_000));
      if (opts.devInbox) {
        inbox.set(id, c.text);
        if (inbox.size > 500) inbox.delete(inbox.keys().next().value!);
        opts.log?.info({ captcha: { id, answer: c.text } }, 'captcha issued (dev inbox)');
      }
      return { captcha_id: id, svg: c.data, expires_in: CAPTCHA_TTL_SECONDS };
    },
    /** Spends the image and throws 400 naming `captcha` unless the answer was right. */
    async check(id: string, answer: string) {
      const row = await spendCaptcha(db, id);
      if (!row || new Date(row.expires_at).getTime() < Date.now()) throw invalid('captcha', 'captcha_expired');
      const given = Buffer.from(sha(`${id}:${answer.trim().toLowerCase()}`));
      if (!timingSafeEqual(given, Buffer.from(row.answer_hash))) throw invalid('captcha', 'captcha_wrong');
    },
  };
}
export type CaptchaService = ReturnType<typeof captchaService>;
