// Shared bits of the approvals API tests: the signed-in user as the services see it, project ids
// by name, and direct access to the approval service with an injected clock.
import type { AuthUser } from '../../src/server/plugins/auth.plugin.ts';
import { approvalService } from '../../src/server/approvals/approval.service.ts';
import { isPlatformRole } from '../../src/domain/roles.ts';
import type { TestApp } from './helper.ts';

export async function authUser(app: TestApp, account: string): Promise<AuthUser> {
  const u = await app.ctx.users.findByAccount(account);
  if (!u) throw new Error(`no user ${account}`);
  const memberships = await app.ctx.users.memberships(u.id);
  return { id: u.id, account: u.account, nickname: u.nickname, memberships, platformRoles: memberships.filter((m) => m.tenant_id === null && isPlatformRole(m.role)).map((m) => m.role) };
}

export async function ids(app: TestApp) {
  const projects = await app.ctx.db.selectFrom('projects').select(['id', 'name', 'tenant_id']).execute();
  const tenants = await app.ctx.db.selectFrom('tenants').select(['id', 'name']).execute();
  const p = (name: string) => projects.find((x) => x.name === name)!.id;
  const t = (name: string) => tenants.find((x) => x.name === name)!.id;
  return {
    hd: t('华东制造集团'), fin: t('鑫泰金融控股'), wl: t('江南智慧物流'),
    mes: p('smart-factory-mes'), supply: p('supply-chain'), rnd: p('rnd-test'), trading: p('core-trading'), banking: p('mobile-banking'), warehouse: p('warehouse'),
  };
}

export const service = (app: TestApp) => approvalService({ db: app.ctx.db, bus: app.ctx.approvalEvents });

export const firewallPayload = (n = 1) => ({
  source_system: 'MES', target_system: 'ERP', source_ips: `10.1.${n}.0/24`, target_ips: [`10.2.${n}.5`], target_ports: '443,8443', protocol: 'tcp', reason: '数据同步',
});
export const dnatPayload = (n = 1) => ({ eip: `47.1.${n}.9`, eip_ports: [9000 + n], internal_ip: `192.168.9.${n}`, internal_ports: [80], protocol: 'tcp', reason: '对外发布' });
export const snatPayload = (n = 1) => ({ eip: `47.2.${n}.9`, eip_ports: 'any', internal_ip: `192.168.${n}.0/24`, internal_ports: 'any', protocol: 'any', reason: '访问公网' });
