// Server half of cloud accounts (domain/kinds/cloud-account): an AccessKey ID has the shape its
// vendor issues (Aliyun LTAI…, Tencent AKID…, Huawei 20 capitals and digits, CTyun 32 hex digits)
// and is registered once per tenant; a region sync names regions of the account's own vendor,
// whose names the account keeps for its list and detail.
import { cloudAccountKind } from '../../../../domain/kinds/cloud-account/cloud-account.kind.ts';
import { regionsByIds, siblingsBySpec } from '../../engine.repository.ts';
import { defineHooks, invalid } from '../hooks.ts';

/** What an AccessKey ID of each public vendor looks like. */
export const ACCESS_KEY_PATTERNS: Readonly<Record<string, RegExp>> = {
  ali: /^LTAI[A-Za-z0-9]{12,30}$/,
  tencent: /^AKID[A-Za-z0-9]{13,40}$/,
  hwyun: /^[A-Z0-9]{20}$/,
  ctyun: /^[a-f0-9]{32}$/,
};

export const cloudAccountHooks = [
  defineHooks(cloudAccountKind, {
    async beforeCreate(c) {
      const keyId = String(c.input.access_key_id);
      if (!ACCESS_KEY_PATTERNS[c.placement.vendor]?.test(keyId)) throw invalid('access_key_id', 'access_key_vendor');
      if ((await siblingsBySpec(c.trx, c.tenantId, 'cloud_account', 'access_key_id', keyId)).length) throw invalid('access_key_id', 'access_key_taken');
      Object.assign(c.spec, { region_ids: [], region_names: '', region_count: 0 });
    },
    beforeAction: {
      async sync_regions(c) {
        const ids = [...new Set(c.params.region_ids as string[])];
        const regions = await regionsByIds(c.trx, ids);
        if (regions.length !== ids.length || regions.some((r) => r.public_cloud_provider !== c.row.vendor)) throw invalid('region_ids', 'region_not_of_vendor');
        Object.assign(c.params, {
          region_ids: regions.map((r) => r.id),
          region_names: regions.map((r) => r.name).join('、'),
          region_count: regions.length,
          synced_at: new Date().toISOString(),
        });
      },
    },
  }),
];
