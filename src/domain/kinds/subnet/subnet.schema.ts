// The zod rules of subnet (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { cidrRule, descriptionRule, nameRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { SUBNET_PREFIX, subnetKind } from './subnet.kind.ts';

export const subnetCreateSchema = z.object({
  name: nameRule(),
  description: descriptionRule,
  vpc_id: idSchema,
  cidr: cidrRule(SUBNET_PREFIX.min, SUBNET_PREFIX.max),
});

export const subnetSchemas = defineSchemas(subnetKind, {
  create: subnetCreateSchema,
  actions: {},
});
