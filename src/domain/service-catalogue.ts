// The service catalogue of the operations area (issue 31, seed 001 §1 and §5): a tenant's office,
// operations and security services in three levels. Levels 1 and 2 group; a level-3 entry is a
// service a project can order, with its service level, charge hours (5×7 working time 9:00–12:00 and
// 13:30–17:30, or 7×24), price, unit, tax rate, billing method and the year its price is valid.
// Every entry has 1–3 owners; every text field holds at most 1000 characters; a level-2 entry holds
// at most 50 level-3 entries. Publishing goes through the approval engine (request type
// `catalogue_publish`): 草稿/已驳回 → 审批中 → 已发布 or 已驳回. What a published level-3 service
// offers to projects is its configuration: orderable or not, and at most 10 projects (none: all).
// Pure: zod schemas and rules, no I/O.
import { z } from 'zod';
import { idSchema } from './ids.ts';

/** Under the seed's `service-catalog` path, beside the portal's product catalogue (GET service-catalog). */
export const CATALOGUE_URL = '/api/v1/service-catalog/entries';

export const CATEGORIES = ['office', 'operation', 'safe'] as const;
export type Category = (typeof CATEGORIES)[number];
/** The console routes of each category: its service list and its configuration. */
export const CATEGORY_ROUTES: Record<Category, { manage: string; config: string }> = {
  office: { manage: 'officeServiceManage', config: 'officeServiceConfig' },
  operation: { manage: 'operationServiceManage', config: 'operationServiceConfig' },
  safe: { manage: 'safeServiceManage', config: 'safeServiceConfig' },
};

export const LEVELS = [1, 2, 3] as const;
export type Level = (typeof LEVELS)[number];
export const ENTRY_STATUSES = ['draft', 'approving', 'published', 'rejected'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export const SERVICE_LEVELS = ['gold', 'silver', 'bronze'] as const;
/** 5×7 working time (9:00–12:00, 13:30–17:30) or round the clock (seed 001 §9). */
export const CHARGE_HOURS = ['workday', 'allday'] as const;
export const UNITS = ['time', 'month', 'year', 'set', 'user', 'hour'] as const;
export const BILLING_METHODS = ['one_off', 'monthly', 'yearly', 'usage'] as const;
/** VAT rates in percent a service may carry. */
export const TAX_RATES = [0, 1, 3, 6, 9, 13] as const;

export const CATALOGUE_LIMITS = {
  /** seed 001 §5: catalogue fields up to 1000 characters */
  text: 1000,
  nameMin: 2,
  nameMax: 60,
  owners: 3,
  /** seed 001 §5: third-level catalogue up to 50 (under one level-2 entry) */
  thirdPerParent: 50,
  /** seed 000 §5: at most 10 projects per configuration */
  configProjects: 10,
  priceFenMax: 100_000_000_00,
  yearMin: 2020,
  yearMax: 2099,
} as const;

const text = z.string().trim().max(CATALOGUE_LIMITS.text);
const owners = z
  .array(idSchema)
  .min(1)
  .max(CATALOGUE_LIMITS.owners, { message: 'catalogue_owners_too_many' })
  .refine((a) => new Set(a).size === a.length, { message: 'owners_repeated' });

const common = {
  name: z.string().trim().min(CATALOGUE_LIMITS.nameMin).max(CATALOGUE_LIMITS.nameMax),
  description: text.default(''),
  owner_ids: owners,
};

/** A level-1 entry names its category; a level-2 or level-3 entry names its parent. */
export const groupCreateSchema = z
  .object({
    ...common,
    category: z.enum(CATEGORIES).optional(),
    parent_id: idSchema.optional(),
  })
  .strict()
  .refine((v) => Boolean(v.category) !== Boolean(v.parent_id), { message: 'catalogue_parent_or_category', path: ['parent_id'] });

/** What a level-3 service carries besides the group fields. */
export const serviceFields = {
  service_level: z.enum(SERVICE_LEVELS),
  charge_hours: z.enum(CHARGE_HOURS),
  price_fen: z.number().int().min(0).max(CATALOGUE_LIMITS.priceFenMax),
  unit: z.enum(UNITS),
  tax_rate: z.number().refine((r) => (TAX_RATES as readonly number[]).includes(r), { message: 'invalid_value' }),
  billing_method: z.enum(BILLING_METHODS),
  valid_year: z.number().int().min(CATALOGUE_LIMITS.yearMin).max(CATALOGUE_LIMITS.yearMax),
  content: text.default(''),
  sla: text.default(''),
};

export const serviceCreateSchema = z.object({ ...common, parent_id: idSchema, ...serviceFields }).strict();

/** An edit names only what changes; the service fields only on a level-3 entry (checked by the service). */
export const entryUpdateSchema = z
  .object({
    name: common.name.optional(),
    description: text.optional(),
    owner_ids: owners.optional(),
    ...Object.fromEntries(Object.entries(serviceFields).map(([k, s]) => [k, (s as z.ZodType).optional()])),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'empty_form', path: ['name'] });

export const configSchema = z
  .object({
    orderable: z.boolean(),
    project_ids: z
      .array(idSchema)
      .max(CATALOGUE_LIMITS.configProjects, { message: 'projects_too_many' })
      .refine((a) => new Set(a).size === a.length, { message: 'projects_repeated' }),
  })
  .strict();

export const publishSchema = z.object({ reason: text.optional() }).strict();

export type GroupCreate = z.infer<typeof groupCreateSchema>;
export type ServiceCreate = z.infer<typeof serviceCreateSchema>;
export type EntryUpdate = z.infer<typeof entryUpdateSchema>;
export type ConfigInput = z.infer<typeof configSchema>;

export interface CatalogueEntry {
  id: string;
  category: Category;
  level: Level;
  parent_id: string | null;
  name: string;
  description: string;
  owners: { id: string; name: string }[];
  status: EntryStatus;
  /** the names from level 1 down to this entry's parent */
  path: string[];
  children: number;
  service: {
    service_level: (typeof SERVICE_LEVELS)[number];
    charge_hours: (typeof CHARGE_HOURS)[number];
    price_fen: number;
    unit: (typeof UNITS)[number];
    tax_rate: number;
    billing_method: (typeof BILLING_METHODS)[number];
    valid_year: number;
    content: string;
    sla: string;
  } | null;
  config: { orderable: boolean; projects: { id: string; name: string }[] } | null;
  approval_id: string | null;
  published_at: string | null;
  updated_at: string;
}

// ── pure rules ───────────────────────────────────────────────────────────────────────────────

/** The level of a new entry under `parent` (none: level 1); null when the parent is already level 3. */
export const childLevel = (parent: { level: number } | null): Level | null => (!parent ? 1 : parent.level < 3 ? ((parent.level + 1) as Level) : null);

/** Why an entry may not be changed or deleted now (null: it may). */
export function editRefusal(status: EntryStatus): 'catalogue.busy' | null {
  return status === 'approving' ? 'catalogue.busy' : null;
}

/**
 * Why an entry may not be sent for publishing (null: it may): only a draft or a rejected one, under
 * a published parent, and a service whose price is valid this year or later.
 */
export function publishRefusal(
  entry: { status: EntryStatus; level: number; valid_year: number | null },
  parent: { status: EntryStatus } | null,
  year: number,
): 'catalogue.busy' | 'catalogue.already_published' | 'catalogue.parent_unpublished' | 'catalogue.year_expired' | null {
  if (entry.status === 'approving') return 'catalogue.busy';
  if (entry.status === 'published') return 'catalogue.already_published';
  if (parent && parent.status !== 'published') return 'catalogue.parent_unpublished';
  if (entry.level === 3 && entry.valid_year !== null && entry.valid_year < year) return 'catalogue.year_expired';
  return null;
}

/** The price with tax of `price_fen` at `tax_rate` percent, rounded to the fen. */
export const withTaxFen = (priceFen: number, taxRate: number) => Math.round((priceFen * (100 + taxRate)) / 100);

/** ¥1,200.00 */
export const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
