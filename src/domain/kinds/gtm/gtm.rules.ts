// Rules of GTM (全局流量管理): address pools of IPv4 addresses with weights 0-100 (0 takes no
// traffic; at least one address must carry weight), access policies sending a resolution line to
// a primary pool with an optional backup pool (never the same pool), and the instance's global
// settings (TTL 1-86400 s, alarm notification, health-check protocol / port / interval).
// The lines and health-check protocols a GTM kind's fields list sit in the kind (the phone's first load).
export { GTM_LINES, HEALTH_PROTOCOLS } from './gtm.kind.ts';

export const GTM_TTL = { min: 1, max: 86400, default: 60 } as const;
export const GTM_WEIGHT = { min: 0, max: 100 } as const;
export const HEALTH_INTERVALS = [15, 30, 60, 120, 300] as const;
export const MAX_POOL_ADDRESSES = 20;
