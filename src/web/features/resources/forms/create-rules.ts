// Pure rules of the create form (create-form.tsx): which kinds get one, and what the subnet form
// checks as the user types. Unit-tested in tests/unit/form-list-fields.test.ts.
import type { ListKind } from '../../../../domain/kinds/list-kind.ts';

/** Kinds created from their list page in a form (`createForm`, and no purchase route of their own in routes.json). */
export const hasCreateForm = (def: ListKind) => Boolean(def.createForm) && !def.routes.buy;

/** The kinds of a list (list-kind.ts LIST_KINDS: not imported here, the create button is on a phone list's first screen) that get one. */
export function createFormKinds(kinds: readonly ListKind[]): ListKind[] {
  return kinds.filter(hasCreateForm);
}

/** CIDRs of the subnets already in a VPC (the rows the form loaded). */
export function siblingCidrs(rows: readonly { spec?: Record<string, unknown> }[], vpcId: string): string[] {
  return rows.filter((r) => r.spec?.vpc_id === vpcId && typeof r.spec.cidr === 'string').map((r) => String(r.spec!.cidr));
}
