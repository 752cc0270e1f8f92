// A tenant's industry and what the seeds ask of it (issue 28 "different requirements for finance and
// industrial tenants"): seed 001 §8 "Financial and industrial tenants have different upload and
// approval requirements; financial tenants need extra security material", §4 "For finance-tenant
// production, firewall, SNAT and DNAT rules take effect at 18:00 after approval", seed 000 §4 the
// 实业经营 contract tip. One switch: the tenant's business type (the platform's classification,
// `tenants.business_type`, in either script) names its industry, and every rule reads the industry's
// requirements here — never the business type's text.
export const TENANT_INDUSTRIES = ['finance', 'industrial', 'general'] as const;
export type TenantIndustry = (typeof TENANT_INDUSTRIES)[number];

/** The platform's business types with their industry; a type not listed is general. */
export const BUSINESS_TYPE_INDUSTRY: Readonly<Record<string, TenantIndustry>> = {
  金融服务: 'finance',
  金融服務: 'finance',
  实业经营: 'industrial',
  實業經營: 'industrial',
};

/** The platform's business types, as `GET /api/v1/tenants/business_types` lists them (seed 000 §9). */
export const PLATFORM_BUSINESS_TYPES = ['实业经营', '金融服务', '物流运输', '个人用户'] as const;

export interface IndustryRequirements {
  /** Approval: a production project's firewall, SNAT and DNAT rules take effect at this Shanghai hour after approval (null: as usual). */
  productionRulesHour: number | null;
  /** Upload: an ICP filing also carries the security assessment. */
  icpSecurityMaterial: boolean;
  /** Yearly and monthly contracts renew themselves at expiry; deleting within one still costs. */
  contractAutoRenew: boolean;
}

export const INDUSTRY_REQUIREMENTS: Readonly<Record<TenantIndustry, IndustryRequirements>> = {
  finance: { productionRulesHour: 18, icpSecurityMaterial: true, contractAutoRenew: false },
  industrial: { productionRulesHour: null, icpSecurityMaterial: false, contractAutoRenew: true },
  general: { productionRulesHour: null, icpSecurityMaterial: false, contractAutoRenew: false },
};

export function tenantIndustry(businessType: string | null | undefined): TenantIndustry {
  return (businessType && BUSINESS_TYPE_INDUSTRY[businessType.trim()]) || 'general';
}

export function industryRequirements(businessType: string | null | undefined): IndustryRequirements {
  return INDUSTRY_REQUIREMENTS[tenantIndustry(businessType)];
}

/** The requirements a tenant of this business type is told of (keys of `home:industry_rules.rules`). */
export function industryNotices(businessType: string | null | undefined): ('production_rules' | 'icp_security' | 'contract_renew')[] {
  const r = industryRequirements(businessType);
  return [
    ...(r.productionRulesHour !== null ? (['production_rules'] as const) : []),
    ...(r.icpSecurityMaterial ? (['icp_security'] as const) : []),
    ...(r.contractAutoRenew ? (['contract_renew'] as const) : []),
  ];
}

/** The answer of `GET /api/v1/tenants/business_types`: each type, its industry and what that asks. */
export function businessTypeList() {
  const data = PLATFORM_BUSINESS_TYPES.map((businessType) => {
    const r = industryRequirements(businessType);
    return {
      business_type: businessType,
      industry: tenantIndustry(businessType),
      production_rules_hour: r.productionRulesHour,
      icp_security_material: r.icpSecurityMaterial,
      contract_auto_renew: r.contractAutoRenew,
    };
  });
  return { count: data.length, data };
}
