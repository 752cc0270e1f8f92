// The routes whose form is one of several ways to create a kind (route-forms.ts has their schemas),
// by name with their title and tip only, so the phone list's add button and the route → screen
// choice know them without loading zod (ADR 0031 addendum). tests/unit/list-kinds.test.ts checks
// these equal route-forms.ts.
import type { ListKind } from '../../../../domain/kinds/list-kind.ts';

export const ROUTE_FORM_TITLES: Readonly<Record<string, { titleKey: string; tipKey: string }>> = {
  certificateAdd: { titleKey: 'kinds:ssl_certificate.forms.free', tipKey: 'kinds:ssl_certificate.forms.free_tip' },
  certificateBuy: { titleKey: 'kinds:ssl_certificate.forms.buy', tipKey: 'kinds:ssl_certificate.forms.revoke_tip' },
  UploadOwnCertificate: { titleKey: 'kinds:ssl_certificate.forms.upload', tipKey: 'kinds:ssl_certificate.forms.upload_tip' },
  refreshPreheatConfig: { titleKey: 'kinds:cdn_task.actions.create', tipKey: 'kinds:cdn_task.limits' },
};

/** A kind's create forms, buy route first (the list offers each; on a phone the add button opens a sheet of them). */
export function formRoutesOf(def: ListKind): string[] {
  const names = [def.routes.buy, def.routes.detail, ...(def.routes.others ?? [])].filter((n): n is string => Boolean(n && ROUTE_FORM_TITLES[n]));
  return [...new Set(names)];
}
