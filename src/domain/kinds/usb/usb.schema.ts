// The zod rules of USB hubs and devices (their create bodies and the mount params): loaded eagerly by
// the server and lazily by the web's forms (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, ipv4Rule, nameRule, placementShape, portRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { usbDeviceKind, usbHubKind } from './usb.kind.ts';
import { USB_DEFAULT_SERVICE_PORT, USB_DEVICE_TYPES, USB_HUB_PORT_COUNTS, USB_ID_PATTERN, USB_SERIAL_PATTERN } from './usb.rules.ts';

export const usbHubSchemas = defineSchemas(usbHubKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    address: ipv4Rule,
    service_port: portRule.default(USB_DEFAULT_SERVICE_PORT),
    port_count: z.coerce
      .number()
      .int()
      .refine((n) => (USB_HUB_PORT_COUNTS as readonly number[]).includes(n), { message: 'usb_port_count' }),
    model: z.string().trim().max(40).optional(),
  }),
  actions: {},
});

export const usbDeviceSchemas = defineSchemas(usbDeviceKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    hub_id: idSchema,
    hub_port: z.coerce.number().int().min(1).max(32),
    device_type: z.enum(USB_DEVICE_TYPES),
    usb_id: z.string().trim().toLowerCase().regex(USB_ID_PATTERN, 'usb_id'),
    serial_no: z.string().trim().regex(USB_SERIAL_PATTERN, 'usb_serial'),
  }),
  actions: {
    mount: z.object({ instance_id: idSchema }),
  },
});
