// A throwaway certificate for 127.0.0.1 and localhost, made with the system's `openssl` (as an
// operator makes one), for the tests and the bench that run Yunshu over HTTPS and HTTP/2 (ADR 0040).
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface DevCertificate {
  certFile: string;
  keyFile: string;
  /** the PEM certificate (a client's `ca`) */
  cert: string;
  /** base64 SHA-256 of the public key: Chromium's `--ignore-certificate-errors-spki-list` trusts exactly this key */
  spki: string;
  remove: () => void;
}

export function devCertificate(): DevCertificate {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunshu-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const args = '-x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=127.0.0.1'.split(' ');
  args.push('-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', keyFile, '-out', certFile);
  execFileSync('openssl', ['req', ...args], { stdio: 'ignore' });
  const cert = fs.readFileSync(certFile, 'utf8');
  const der = createPublicKey(cert).export({ type: 'spki', format: 'der' });
  const spki = createHash('sha256').update(der).digest('base64');
  return { certFile, keyFile, cert, spki, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
