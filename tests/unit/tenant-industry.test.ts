// Issue 28: a tenant's industry is one switch — its business type, in either script — and every rule
// that differs by industry (18:00 production rules, ICP security material, the contract tip) reads it.
import { describe, expect, it } from 'vitest';
import { PLATFORM_BUSINESS_TYPES, industryNotices, industryRequirements, tenantIndustry } from '../../src/domain/tenant-industry.ts';
import { isFinanceTenant, ruleEffectiveAt } from '../../src/domain/approvals/effective-time.ts';
import { PERSONAL_BUSINESS_TYPE } from '../../src/domain/signup.ts';
import { showContractTip } from '../../src/web/features/resources/list-state.ts';

describe('tenant industry', () => {
  it('reads the industry from the business type in Simplified or Traditional', () => {
    expect(tenantIndustry('金融服务')).toBe('finance');
    expect(tenantIndustry('金融服務')).toBe('finance');
    expect(tenantIndustry('实业经营')).toBe('industrial');
    expect(tenantIndustry('實業經營')).toBe('industrial');
    expect(tenantIndustry('物流运输')).toBe('general');
    expect(tenantIndustry(null)).toBe('general');
    expect(PLATFORM_BUSINESS_TYPES).toContain(PERSONAL_BUSINESS_TYPE);
  });

  it('the 18:00 rule, the ICP material and the contract tip follow the same switch', () => {
    for (const bt of ['金融服务', '金融服務', '实业经营', '物流运输', PERSONAL_BUSINESS_TYPE]) {
      const r = industryRequirements(bt);
      expect(isFinanceTenant(bt)).toBe(r.productionRulesHour !== null);
      expect(showContractTip('instance', 'year', bt)).toBe(r.contractAutoRenew);
    }
    expect(industryRequirements('金融服務')).toEqual({ productionRulesHour: 18, icpSecurityMaterial: true, contractAutoRenew: false });
    // approved at 10:00 Shanghai in a finance production project: effective at 18:00 the same day
    const at = new Date('2026-11-30T02:00:00Z');
    const eff = ruleEffectiveAt({ type: 'firewall_policy', requestedAt: at, approvedAt: at, financeProduction: isFinanceTenant('金融服務') });
    expect(eff.toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(showContractTip('instance', 'month', '实业经营')).toBe(false);
  });

  it('tells each tenant only its own industry’s notices', () => {
    expect(industryNotices('金融服务')).toEqual(['production_rules', 'icp_security']);
    expect(industryNotices('实业经营')).toEqual(['contract_renew']);
    expect(industryNotices('物流运输')).toEqual([]);
  });
});
