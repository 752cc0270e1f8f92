// Seals secrets kept at rest (certificate private keys): AES-256-GCM with a random 96-bit nonce,
// stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). The key comes from SECRET_KEY (any string,
// hashed to 32 bytes) so every server process on the database opens what another sealed; without
// it a development key is used — set SECRET_KEY in production (README).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const DEV_KEY = 'yunshu-development-secret-key-set-SECRET_KEY-in-production';

function keyOf(secret = process.env.SECRET_KEY || DEV_KEY): Buffer {
  return createHash('sha256').update(secret).digest();
}

export function seal(plain: string, secret?: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Opens a sealed text; throws when it was tampered with or sealed under another key. */
export function open(sealed: string, secret?: string): string {
  const [v, nonce, tag, body] = sealed.split('.');
  if (v !== 'v1' || !nonce || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
