// The zod rules of an asset (the form's and each imported row's): asset number 3-32 of letters,
// digits, - and _; type; brand and model 1-40; serial number 1-64; its machine room; rack 1-20;
// U position 1-52; keeper 2-20; bought on a date (YYYY-MM-DD) not in the future.
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, nameRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { ASSET_NO, ASSET_TYPES, ASSET_U, assetKind } from './asset.kind.ts';

const isPastDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && Date.parse(`${v}T00:00:00Z`) <= Date.now();

export const assetSchemas = defineSchemas(assetKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    asset_no: z.string().trim().regex(ASSET_NO, { message: 'asset_no' }),
    asset_type: z.enum(ASSET_TYPES),
    brand: z.string().trim().min(1).max(40),
    model: z.string().trim().min(1).max(40),
    sn: z.string().trim().min(1).max(64),
    machine_room_id: idSchema,
    rack: z.string().trim().min(1).max(20),
    u_position: z.coerce.number().int().min(ASSET_U.min).max(ASSET_U.max),
    keeper: z.string().trim().min(2).max(20),
    purchased_on: z.string().trim().refine(isPastDate, { message: 'past_date' }),
  }),
  actions: {},
});
