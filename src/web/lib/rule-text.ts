// The rule text of a zod issue, worded from errors:rules.* like the server's 400 answers: shared by
// the forms derived from the kinds' schemas and the features' own forms (the ICP filing wizard).

export interface IssueLike {
  code: string;
  message: string;
  path?: PropertyKey[];
  minimum?: unknown;
  maximum?: unknown;
  input?: unknown;
}

/**
 * The rule text of a zod issue (without the label): custom messages are keys of errors:rules.*,
 * built-in checks map by code; an empty value is 「不能为空」.
 */
export function ruleText(
  issue: IssueLike,
  t: (key: string, opts?: Record<string, unknown>) => string,
  exists: (key: string) => boolean,
  field?: string,
): string {
  // A field may word a shared rule its own way (SNAT 源网段 takes IPv4 only): errors:field_rules.<field>.<rule>.
  const at = issue.path?.length ? issue.path.join('.') : field;
  if (at && exists(`errors:field_rules.${at}.${issue.message}`)) return t(`errors:field_rules.${at}.${issue.message}`);
  if (exists(`errors:rules.${issue.message}`)) return t(`errors:rules.${issue.message}`, { min: issue.minimum, max: issue.maximum });
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) return t('errors:rules.required');
  if (issue.code === 'too_small') return t('errors:rules.too_small', { min: issue.minimum });
  if (issue.code === 'too_big') return t('errors:rules.too_big', { max: issue.maximum });
  if (issue.code === 'invalid_value') return t('errors:rules.invalid_value');
  if (issue.code === 'invalid_format') return t('errors:rules.invalid_format');
  return t('errors:rules.custom');
}
