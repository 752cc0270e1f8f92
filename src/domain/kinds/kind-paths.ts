// Where a kind's resource is shown: its detail page's path (`?id=` where the detail route has no id in
// its path: /cacheDatabaseDetail). One rule for the web's lists and links and for the server's
// answers that point at a resource (an alarm's host, disk or database).
import { ROUTE_TABLE } from '../navigation/route-table.ts';
import { buildPath } from '../navigation/rules.ts';

export function kindDetailPath(def: { routes: { detail?: string } }, id: string): string | undefined {
  const r = def.routes.detail ? ROUTE_TABLE.find((x) => x.name === def.routes.detail) : undefined;
  if (!r) return undefined;
  return r.path.includes(':id') ? buildPath(r.path, { id }) : `${buildPath(r.path)}?id=${encodeURIComponent(id)}`;
}
