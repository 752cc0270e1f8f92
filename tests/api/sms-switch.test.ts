// SMS_DELETE_VERIFICATION=false: the platform does not ask for codes — /sms/necessity answers
// status false (the console shows the plain confirmation) and a delete goes through without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';
import { host, network } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  app = await build({ config: { smsDeleteVerification: false } });
});
afterAll(async () => {
  await app.close();
});

describe('SMS verification switched off', () => {
  it('answers status false and deletes with the plain confirmation', async () => {
    const c = await app.as('tenant_admin');
    const nec = await c.req({ method: 'POST', url: '/api/v1/sms/necessity', payload: { sms_operate_type: 'delete_instance' } });
    expect(nec.statusCode).toBe(200);
    expect(nec.json().status).toBe(false);
    const { subnet } = await network(app, c);
    const h = await host(app, c, { subnetId: subnet.id });
    const res = await c.req({ method: 'DELETE', url: `/api/instances/${h.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('deleting');
  });
});
