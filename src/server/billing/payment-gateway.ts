// The simulated payment gateway (the cloud simulator's counterpart for money): a recharge is
// handed to it, and a moment later it calls the merchant back with a signed notice, as a real
// gateway's asynchronous notification does. The callback route verifies the same signature, so a
// forged or altered notice is refused. The merchant key comes from PAYMENT_GATEWAY_KEY, or is made
// per process (then only this process's own gateway's notices verify).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface PaymentNotice {
  trade_id: string;
  amount_fen: number;
  gateway_trade_no: string;
  paid_at: string;
  sign: string;
}

export interface PaymentGateway {
  /** Starts a payment; the gateway calls `notify` with the signed notice once it is paid. */
  pay(tradeId: string, amountFen: number, notify: (n: PaymentNotice) => Promise<void>): void;
  verify(n: PaymentNotice): boolean;
  /** Waits for every notice handed out so far to be delivered. */
  idle(): Promise<void>;
}

export function simulatedPaymentGateway(opts: { delayMs: number; key?: string }): PaymentGateway {
  const key = opts.key ?? randomBytes(32).toString('hex');
  const pending = new Set<Promise<void>>();
  const sign = (n: Omit<PaymentNotice, 'sign'>) =>
    createHmac('sha256', key).update(`${n.trade_id}|${n.amount_fen}|${n.gateway_trade_no}|${n.paid_at}`).digest('hex');
  return {
    pay(tradeId, amountFen, notify) {
      const p = new Promise<void>((resolve) => {
        setTimeout(() => {
          const body = {
            trade_id: tradeId,
            amount_fen: amountFen,
            gateway_trade_no: `SIM${Date.now()}${randomBytes(3).toString('hex')}`,
            paid_at: new Date().toISOString(),
          };
          notify({ ...body, sign: sign(body) })
            .catch(() => undefined)
            .finally(resolve);
        }, opts.delayMs);
      });
      pending.add(p);
      void p.finally(() => pending.delete(p));
    },
    verify(n) {
      const want = Buffer.from(sign(n), 'hex');
      const got = Buffer.from(typeof n.sign === 'string' ? n.sign : '', 'hex');
      return got.length === want.length && timingSafeEqual(got, want);
    },
    idle: async () => {
      await Promise.all([...pending]);
    },
  };
}
