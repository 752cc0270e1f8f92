// Team-chat robots by webhook: WeCom (企业微信, the key is in the URL), DingTalk (钉钉, optional
// signed secret: `timestamp` and `sign` = Base64(HMAC-SHA256(secret, "timestamp\nsecret")) in the
// query) and Feishu (飞书, optional signature: `timestamp` (seconds) and `sign` =
// Base64(HMAC-SHA256(key "timestamp\nsecret", empty message)) in the body). Each answers 200 with its
// own error code in the body; anything else is a failure with a short reason.
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { ChatType } from '../../domain/notify.ts';
import type { OutboundMessage } from './message.ts';

export interface ChatTarget {
  type: ChatType;
  url: string;
  secret: string | null;
}

export function dingtalkSign(secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
}
export function feishuSign(secret: string, timestampSeconds: number): string {
  return createHmac('sha256', `${timestampSeconds}\n${secret}`).update('').digest('base64');
}

function markdown(m: OutboundMessage): string {
  const lines = [`**${m.title}**`, '', m.content, '', `[${m.openLabel}](${m.url})`];
  for (const a of m.actions) lines.push(`[${a.label}](${a.url})`);
  return lines.join('\n');
}

/** The request a robot expects for `m`. */
export function robotRequest(target: ChatTarget, m: OutboundMessage, now = Date.now()): { url: string; body: unknown } {
  switch (target.type) {
    case 'wecom':
      return { url: target.url, body: { msgtype: 'markdown', markdown: { content: markdown(m) } } };
    case 'dingtalk': {
      let url = target.url;
      if (target.secret) {
        const u = new URL(target.url);
        u.searchParams.set('timestamp', String(now));
        u.searchParams.set('sign', dingtalkSign(target.secret, now));
        url = u.toString();
      }
      return { url, body: { msgtype: 'markdown', markdown: { title: m.title, text: markdown(m) } } };
    }
    case 'feishu': {
      const links = [{ tag: 'a', text: m.openLabel, href: m.url }, ...m.actions.map((a) => ({ tag: 'a', text: a.label, href: a.url }))];
      const body: Record<string, unknown> = {
        msg_type: 'post',
        content: { post: { zh_cn: { title: m.title, content: [[{ tag: 'text', text: m.content }], links] } } },
      };
      if (target.secret) {
        const ts = Math.floor(now / 1000);
        body.timestamp = String(ts);
        body.sign = feishuSign(target.secret, ts);
      }
      return { url: target.url, body };
    }
  }
}

const answer = z.looseObject({ errcode: z.number().optional(), errmsg: z.string().optional(), code: z.number().optional(), msg: z.string().optional() });

/** Sends; resolves on the robot's success, throws Error(reason) otherwise. */
export async function sendToRobot(target: ChatTarget, m: OutboundMessage): Promise<void> {
  const { url, body } = robotRequest(target, m);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
    redirect: 'error',
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  let parsed: z.infer<typeof answer> = {};
  try {
    parsed = answer.parse(JSON.parse(text));
  } catch {
    /* a robot that answers 200 without JSON took the message */
  }
  const code = parsed.errcode ?? parsed.code ?? 0;
  if (code !== 0) throw new Error(`${code} ${parsed.errmsg ?? parsed.msg ?? ''}`.trim());
}

/** `https://oapi.dingtalk.com/robot/send?access_token=ab…89` → host and path with the secret parts hidden. */
export function maskUrl(raw: string): string {
  const u = new URL(raw);
  const hide = (v: string) => (v.length <= 6 ? '****' : `${v.slice(0, 2)}****${v.slice(-2)}`);
  const path = u.pathname
    .split('/')
    .map((p) => (p.length > 16 ? hide(p) : p))
    .join('/');
  const q = [...u.searchParams.entries()].map(([k, v]) => `${k}=${hide(v)}`).join('&');
  return `${u.protocol}//${u.host}${path}${q ? `?${q}` : ''}`;
}
