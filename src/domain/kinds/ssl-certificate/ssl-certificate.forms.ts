// The certificate store's three ways in, each its own route and form (the web draws each with the
// purchase wizard from its schema; the server takes all three through the kind's one create body).
import type { z } from 'zod';
import { buyCertSchema, freeCertSchema, uploadCertSchema } from './ssl-certificate.schema.ts';

export const SSL_CERTIFICATE_FORMS: Readonly<Record<string, { schema: z.ZodObject<any>; titleKey: string; tipKey: string }>> = {
  certificateAdd: { schema: freeCertSchema, titleKey: 'kinds:ssl_certificate.forms.free', tipKey: 'kinds:ssl_certificate.forms.free_tip' },
  certificateBuy: { schema: buyCertSchema, titleKey: 'kinds:ssl_certificate.forms.buy', tipKey: 'kinds:ssl_certificate.forms.revoke_tip' },
  UploadOwnCertificate: { schema: uploadCertSchema, titleKey: 'kinds:ssl_certificate.forms.upload', tipKey: 'kinds:ssl_certificate.forms.upload_tip' },
};
