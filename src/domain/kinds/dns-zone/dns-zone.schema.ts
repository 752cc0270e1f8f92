// The zod rules of dns-zone (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { DNS_EDITIONS, privateDnsZoneKind, dnsDomainKind } from './dns-zone.kind.ts';
import { isZoneName } from './dns-zone.rules.ts';
import { NO_SPACES, noSpaces } from '../../no-spaces.ts';

export const zoneNameRule = z.string().trim().refine(noSpaces, { message: NO_SPACES }).toLowerCase().max(253).refine(isZoneName, { message: 'domain_invalid' });

export const privateDnsZoneSchemas = defineSchemas(privateDnsZoneKind, {
  create: z.object({ name: zoneNameRule, vpc_id: idSchema, recursion: z.boolean().default(true), description: descriptionRule }),
  actions: {},
});

export const dnsDomainSchemas = defineSchemas(dnsDomainKind, {
  create: z.object({ ...placementShape, name: zoneNameRule, edition: z.enum(DNS_EDITIONS).default('free'), description: descriptionRule }),
  actions: {},
});
