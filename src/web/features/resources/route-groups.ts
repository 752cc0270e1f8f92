// Route names that pick a screen of their own among the resource routes. Kept apart from the
// screens so the page module can decide which screen's chunk to load without loading them all.

/** The CDN console's tab routes (域名管理 / 统计分析 / 刷新预热): the tab bar shows above their screen. */
export const CDN_TABS = [
  ['cdnTab_cdnManage', 'manage'],
  ['cdnTab_cdnWatch', 'watch'],
  ['cdnTab_refreshPreheat', 'refresh'],
] as const;
export const CDN_TAB_ROUTES: ReadonlySet<string> = new Set(['cdnTab', ...CDN_TABS.map(([r]) => r)]);

/** HTTPDNS's tab routes. */
export const HTTPDNS_TABS = ['httpDnsManage_httpDns', 'httpDnsManage_httpDomainList'] as const;
export const HTTPDNS_TAB_ROUTES: ReadonlySet<string> = new Set(['httpDnsManage', ...HTTPDNS_TABS]);

/** A GTM instance's route tabs. */
export const GTM_TABS = ['gtmDetail_globarSet', 'gtmDetail_policyAdd', 'gtmDetail_gtmLog'] as const;
export const GTM_ROUTES: ReadonlySet<string> = new Set(GTM_TABS);
