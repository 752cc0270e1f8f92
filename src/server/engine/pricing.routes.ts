// Price inquiry and upgrade price (seed 000 §3 "Price result", §7): sums in integer fen with
// *_display yuan texts. Bandwidth rental is priced by the day (seed 000 §9).
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { kindByProductCode, kindOf } from '../../domain/kinds/registry.ts';
import { can } from '../../domain/roles.ts';
import { bandwidthRentalDays, bandwidthRentalFen, priceDisplay, priceItemsFor, yearlyAllowed } from '../../domain/pricing.ts';
import { bandwidthRentalSchema, priceInquirySchema, priceUpgradeSchema } from '../../domain/schemas/resource.schema.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import { invalid } from './kind-hooks.ts';
import type { Engine } from './engine.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface PricingRoutesDeps {
  tenancy: TenancyRepository;
}

export async function pricingRoutes(app: FastifyInstance, ctx: PricingRoutesDeps, engine: Engine) {
  for (const path of ['/api/price/inquiry', '/api/v1/price/inquiry']) {
    app.post(path, async (req) => {
      const scope = await resolveScope(req, ctx.tenancy);
      requirePermission(can(scope.roles, 'read', 'resource'));
      const body = priceInquirySchema.parse(req.body ?? {});
      if (body.product_code === 'bandwidth_rental') {
        const r = bandwidthRentalSchema.parse(body.spec);
        const fen = bandwidthRentalFen(r.bandwidth, r.hours) * body.count;
        return {
          sum_price: fen,
          cheap_price: 0,
          whole_year_price: bandwidthRentalFen(r.bandwidth, 24 * 365) * body.count,
          sum_price_display: priceDisplay(fen),
          data: [
            {
              product_code: 'bandwidth_rental',
              quantity: r.bandwidth,
              days: bandwidthRentalDays(r.hours),
              price: fen,
              price_display: priceDisplay(fen),
              charging_pkg: { code: 'quantity', measurement_display: '元/Mbps/月（按天计费）' },
              discounts: [],
            },
          ],
        };
      }
      const def = kindByProductCode(body.product_code);
      if (!def || !def.priced) throw notFound();
      if (body.charging_code === 'year' && body.vendor && !yearlyAllowed(body.vendor)) throw invalid('charging_code', 'ctyun_no_year');
      return engine.pricing.price({
        tenantId: scope.tenantId,
        items: priceItemsFor(def.productCode, body.spec, def.priceQuantityKey, body.vendor),
        charging_code: body.charging_code,
        duration: body.charging_code === 'year' ? (body.duration ?? 1) : undefined,
        count: body.count,
        hours: body.hours,
      });
    });
  }

  for (const path of ['/api/price/upgrade', '/api/v1/price/upgrade']) {
    app.post(path, async (req) => {
      const scope = await resolveScope(req, ctx.tenancy);
      requirePermission(can(scope.roles, 'read', 'resource'));
      const body = priceUpgradeSchema.parse(req.body ?? {});
      const row = await engine.resources.findOr404(scope, null, body.resource_id);
      const def = kindOf(row.kind);
      if (!def || !def.priced) throw notFound();
      const code = (row.spec.charging_code as 'year' | 'quantity' | undefined) ?? 'quantity';
      const duration = code === 'year' ? Number(row.spec.duration ?? 1) : undefined;
      const after = { ...row.spec, ...body.changes };
      return engine.pricing.upgrade(
        {
          tenantId: scope.tenantId,
          items: priceItemsFor(def.productCode, row.spec, def.priceQuantityKey, row.vendor),
          charging_code: code,
          duration,
          count: 1,
        },
        { tenantId: scope.tenantId, items: priceItemsFor(def.productCode, after, def.priceQuantityKey, row.vendor), charging_code: code, duration, count: 1 },
      );
    });
  }
}
