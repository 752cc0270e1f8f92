// Query keys of the orders feature. Orders, prices and convertible resources sit under ['orders'],
// so a conversion, renewal or termination refreshes them all; cost strategies and findings under
// ['cost'].
import type { OrderFilters } from './api.ts';

export const orderKeys = {
  all: ['orders'] as const,
  list: (filters: OrderFilters, offset: number) => [...orderKeys.all, filters, offset] as const,
  overview: () => [...orderKeys.all, 'overview'] as const,
  /** the convert orders, read to find the one of a resource */
  convertOrders: (resourceId: string) => [...orderKeys.all, 'of', resourceId] as const,
  convertible: () => [...orderKeys.all, 'convertible'] as const,
  convertPrice: (resourceId: string | null, duration: number) => [...orderKeys.all, 'convert-price', resourceId, duration] as const,
  renewPrice: (resourceId: string, duration: number) => [...orderKeys.all, 'renew-price', resourceId, duration] as const,
  order: (id: string) => ['order', id] as const,
  cost: () => ['cost'] as const,
  costStrategies: () => ['cost', 'strategies'] as const,
  costFindings: () => ['cost', 'findings'] as const,
  maasBill: (month: string) => ['maas-bill', month] as const,
  projectLimits: () => ['project-limits'] as const,
};
