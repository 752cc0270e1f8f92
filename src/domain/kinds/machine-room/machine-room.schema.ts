// The zod rules of a machine room: address 2-200, tier, 1-10000 racks, power 1-100000 kW, a contact
// and a phone (+86 or +852, the shared rule of domain/phone.ts).
import { z } from 'zod';
import { contactPhoneSchema } from '../../phone-schema.ts';
import { descriptionRule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { ROOM_RACKS, ROOM_TIERS, machineRoomKind } from './machine-room.kind.ts';

const racks = z.coerce.number().int().min(ROOM_RACKS.min).max(ROOM_RACKS.max);
const power = z.coerce.number().min(1).max(100000);
const contact = z.string().trim().min(2).max(20);

export const machineRoomSchemas = defineSchemas(machineRoomKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    address: z.string().trim().min(2).max(200),
    tier: z.enum(ROOM_TIERS).default('tier3'),
    rack_count: racks,
    power_kw: power,
    contact,
    contact_phone: contactPhoneSchema,
  }),
  actions: {
    modify: z.object({ rack_count: racks.optional(), power_kw: power.optional(), contact: contact.optional(), contact_phone: contactPhoneSchema.optional() }),
  },
});
