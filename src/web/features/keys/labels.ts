// Readable names for what a key called: `METHOD /api/…` → a Chinese label from the route's area,
// with the method as the verb (the raw route stays visible underneath for engineers).
import type { TFunction } from 'i18next';

const AREAS: [RegExp, string][] = [
  [/^\/api\/v1\/auth\/aksk/, 'aksk'],
  [/^\/api\/v1\/maas/, 'maas'],
  [/^\/api\/v1\/approval/, 'approvals'],
  [/^\/api\/v1\/cloud\/bills|^\/api\/v1\/cloud\/cost-center/, 'bills'],
  [/^\/api\/v1\/alarm/, 'alarms'],
  [/^\/api\/v1\/workorders|^\/api\/v1\/opinions/, 'desk'],
  [/^\/api\/(instances|volumes|vpcs|subnets|eips|images|snapshots)/, 'resources'],
];

export function actionLabel(action: string, t: TFunction): string {
  const [method = 'GET', path = ''] = action.split(' ');
  const area = AREAS.find(([re]) => re.test(path))?.[1] ?? 'other';
  return t('keys:action_label', { verb: t(`keys:verb.${method}`, { defaultValue: t('keys:verb.other') }), area: t(`keys:area.${area}`) });
}
