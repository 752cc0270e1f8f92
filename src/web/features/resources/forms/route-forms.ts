// Routes whose form is one of several ways to create a kind (the certificate store's free, bought
// and uploaded certificates) or whose kind's schema is transformed (CDN tasks): the purchase
// wizard draws the route's own schema. With an id in the
// path the route shows that resource instead (certificateAdd/:id continues an application).
import type { z } from 'zod';
import { SSL_CERTIFICATE_FORMS } from '../../../../domain/kinds/ssl-certificate/ssl-certificate.forms.ts';
import { cdnTaskFormSchema } from '../../../../domain/kinds/cdn-task/cdn-task.schema.ts';

export interface RouteForm {
  schema: z.ZodObject<any>;
  titleKey: string;
  tipKey: string;
}

export const ROUTE_FORMS: Readonly<Record<string, RouteForm>> = {
  ...SSL_CERTIFICATE_FORMS,
  // The task body is transformed (URLs split and counted) by the server; the form draws its plain fields.
  refreshPreheatConfig: { schema: cdnTaskFormSchema, titleKey: 'kinds:cdn_task.actions.create', tipKey: 'kinds:cdn_task.limits' },
};
