// Load-balancer listener (server half): one port per family on its load balancer, backend hosts
// checked, the load balancer's listener count.
import { lbListenerKind } from '../../../../domain/kinds/lb-listener/lb-listener.kind.ts';
import { resourcesByIds, siblingsBySpec } from '../../engine.repository.ts';
import { defineHooks, invalid } from '../hooks.ts';
import { bumpCount, checkBackendHosts } from '../hook-helpers.ts';
import { checkListenerCertificate } from '../cdn-domain/cdn-domain.hooks.ts';

/** TCP, HTTP and HTTPS share the TCP ports of a load balancer; UDP has its own. */
const portFamily = (protocol: unknown) => (protocol === 'udp' ? 'udp' : 'tcp');

export const lbListenerHooks = [
  defineHooks(lbListenerKind, {
    async beforeCreate(c) {
      const lb = c.parents.load_balancer_id!;
      const siblings = await siblingsBySpec(c.trx, c.tenantId, 'lb_listener', 'load_balancer_id', lb.id);
      if (siblings.some((s) => Number(s.spec.port) === Number(c.input.port) && portFamily(s.spec.protocol) === portFamily(c.input.protocol))) {
        throw invalid('port', 'listener_port_taken');
      }
      await checkBackendHosts(c.trx, { tenantId: c.tenantId, projectId: c.projectId }, lb, c.input.backends);
      // HTTPS takes a usable certificate of the store (404 outside the scope).
      await checkListenerCertificate(c);
      await bumpCount(c.trx, lb.id, 'listener_count', 1);
    },
    beforeAction: {
      async set_backends(c) {
        const [lb] = await resourcesByIds(c.trx, [String(c.row.spec.load_balancer_id)]);
        if (lb) await checkBackendHosts(c.trx, c.scope, lb, c.params.backends);
      },
    },
    async beforeRemove(trx, row) {
      await bumpCount(trx, row.spec.load_balancer_id, 'listener_count', -1);
    },
  }),
];
