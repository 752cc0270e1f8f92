// Demo bandwidth rental (issue 30): tenant_admin's first project rents a 50 Mbps private line to its
// head office and a 20 Mbps internet line for a branch, both by the day, metered since they were
// rented (their days are on the bills). Named demo-… as every demo resource (tests/api/kinds-seed.test.ts).
import { newId } from '../../domain/ids.ts';
import { accessBandwidthKind } from '../../domain/kinds/access-bandwidth/access-bandwidth.kind.ts';
import type { UnitPrice } from '../../domain/pricing.ts';
import type { Db } from '../platform/db/database.ts';
import { firstPlace } from './cache-doc-instances.seed.ts';

const DEMOS = [
  {
    name: 'demo-line-head-office',
    spec: { line_type: 'private_line', bandwidth: 50, access_address: '上海市浦东新区张江路 88 号 3 楼机房', ip_ranges: '10.20.0.0/16\n10.21.0.0/24' },
  },
  {
    name: 'demo-internet-branch',
    spec: { line_type: 'internet', bandwidth: 20, access_address: '杭州市西湖区文三路 120 号', ip_ranges: '192.168.10.0/24' },
  },
];

/** The kind's by-the-day package, as the meter records it on an interval. */
function units(): UnitPrice[] {
  const p = accessBandwidthKind.prices!.quantity;
  return [
    {
      product_code: accessBandwidthKind.productCode,
      charging_code: 'quantity',
      unit_price_fen: p.fen,
      measurement_display: p.unit,
      package_name: '按量计费',
      basis: 'day',
    },
  ];
}

export async function seedAccessBandwidths(db: Db, now = new Date()): Promise<number> {
  const place = await firstPlace(db);
  if (!place) return 0;
  const rows = DEMOS.map((d, i) => ({ ...d, id: newId(), at: new Date(now.getTime() - (9 - i) * 86_400_000) }));
  await db
    .insertInto('resources')
    .values(
      rows.map((d) => {
        const at = d.at;
        return {
          id: d.id,
          kind: 'access_bandwidth',
          tenant_id: place.tenant_id,
          project_id: place.project_id,
          vendor: 'openstack',
          region_id: place.region_id,
          az_id: place.az_id,
          name: d.name,
          status: 'available',
          locked: false,
          spec: JSON.stringify({ ...d.spec, charging_code: 'quantity', billing: 'active' }),
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .execute();
  await db
    .insertInto('meter_segments')
    .values(
      rows.map((d) => ({
        id: newId(),
        tenant_id: place.tenant_id,
        project_id: place.project_id,
        resource_id: d.id,
        resource_name: d.name,
        kind: accessBandwidthKind.kind,
        product_code: accessBandwidthKind.productCode,
        vendor: 'openstack',
        region_id: place.region_id,
        charging_code: 'quantity',
        status: 'available',
        items: JSON.stringify([{ product_code: accessBandwidthKind.productCode, quantity: d.spec.bandwidth }]),
        units: JSON.stringify(units()),
        started_at: d.at,
        ended_at: null,
      })),
    )
    .execute();
  return DEMOS.length;
}
