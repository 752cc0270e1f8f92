// What the logs must never hold: session tokens, stream tickets, passwords and one-time codes.
// Headers are censored by pino's `redact`; URLs are logged with credential-like query parameters
// replaced, because Fastify's default request serializer logs `req.url` whole.
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets wherever they appear (matched case-insensitively). */
const SECRET_PARAM = /^(token|ticket|access_token|x_auth_token|auth|password|passwd|pwd|secret|code|sms_code|smscode|captcha|verify_code)$/i;

export const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        /* keep as sent */
      }
      return SECRET_PARAM.test(decoded) && eq >= 0 ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

const SECRET_HEADERS = ['x-auth-token', 'authorization', 'cookie', 'set-cookie', 'proxy-authorization'];

/** pino options merged into the app's logger: redaction paths and a request serializer without secrets. */
export const logRedaction = {
  redact: {
    paths: SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`]),
    censor: REDACTED,
  },
  serializers: {
    req(req: FastifyRequest) {
      return {
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      };
    },
  },
};
