// SD-WAN branches and routing templates (server half): unique suffix and device; the count of
// branches following a template.
import { BRANCH_NAME_PREFIX, routingTemplateKind, sdwanBranchKind } from '../../../../domain/kinds/sdwan/sdwan.kind.ts';
import { siblingsBySpec } from '../../engine.repository.ts';
import { defineHooks, invalid } from '../hooks.ts';
import { recountTemplate } from '../hook-helpers.ts';

export const sdwanHooks = [
  defineHooks(sdwanBranchKind, {
    async beforeCreate(c) {
      const suffix = String(c.input.name_suffix);
      if ((await siblingsBySpec(c.trx, c.tenantId, 'sdwan_branch', 'name_suffix', suffix)).length) throw invalid('name_suffix', 'name_suffix_taken');
      if ((await siblingsBySpec(c.trx, c.tenantId, 'sdwan_branch', 'device_sn', String(c.input.device_sn))).length)
        throw invalid('device_sn', 'device_sn_taken');
      c.input.name = `${BRANCH_NAME_PREFIX}${suffix}`;
    },
    beforeAction: {
      // The template followed before (its count goes down when the job is done).
      async apply_template(c) {
        if (c.row.spec.template_id) c.params.previous_template_id = c.row.spec.template_id;
      },
    },
    afterAction: {
      async apply_template(c) {
        await recountTemplate(c.trx, c.params.template_id);
        if (c.params.previous_template_id !== c.params.template_id) await recountTemplate(c.trx, c.params.previous_template_id);
        return [];
      },
    },
    async beforeRemove(trx, row) {
      await recountTemplate(trx, row.spec.template_id, row.id);
    },
  }),
  defineHooks(routingTemplateKind, {
    async beforeCreate(c) {
      c.spec.branch_count = 0;
    },
  }),
];
