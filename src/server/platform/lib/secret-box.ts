// Secret fields of resources (a host's login password) are kept only sealed: AES-256-GCM with a
// key from SECRET_KEY (32 bytes, hex or base64) or, when unset, a key the first process generates
// into the database (`server_keys`), so every process of one deployment shares it. The simulator
// never needs the clear value; a real vendor driver opens it when it calls the cloud.
// See docs/decisions/0008-secrets-and-separation-of-duties.md.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { insertServerKeyIfAbsent, serverKey } from './secret-box.repository.ts';

const KEY_NAME = 'secret_box_v1';
const VERSION = 'v1';

export interface SecretBox {
  /** `v1:<iv>:<tag>:<ciphertext>` (base64) of the JSON of `values` */
  seal(values: Record<string, unknown>): string;
  open(sealed: string): Record<string, unknown>;
}

function parseKey(raw: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal(values) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8')) as Record<string, unknown>;
    },
  };
}

/**
 * The deployment's box: SECRET_KEY when given, else the key stored in the database (generated
 * by whichever process starts first; `on conflict do nothing` lets the others read the winner's).
 */
export async function openSecretBox(db: Db, configured: string | undefined): Promise<SecretBox> {
  if (configured) return secretBox(parseKey(configured));
  await insertServerKeyIfAbsent(db, KEY_NAME, randomBytes(32).toString('base64'));
  return secretBox(parseKey(await serverKey(db, KEY_NAME)));
}

/** Splits a kind's secret fields off `values`: what may be stored in clear, and the secrets. */
export function splitSecrets(secretKeys: readonly string[] | undefined, values: Record<string, unknown>) {
  const clear: Record<string, unknown> = {};
  const secrets: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (secretKeys?.includes(k)) {
      if (v !== undefined) secrets[k] = v;
    } else clear[k] = v;
  }
  return { clear, secrets: Object.keys(secrets).length ? secrets : null };
}
