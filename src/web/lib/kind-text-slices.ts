// How the kinds' texts (the `kinds` namespace) are cut into slices (ADR 0036), used by the build
// (vite.config.ts kindTexts, the `virtual:kind-texts` modules) and checked by
// tests/unit/kind-text-slices.test.ts: `_common` holds every section that is not a kind's (statuses,
// vendors, options, messages…) and each kind's name; a kind's slice holds its whole section;
// `_areas` the sections only the DNS and CDN screens read (details, tabs, forms: they load the whole
// namespace), which no kind list needs. Merged, the slices are the namespace again.
type Texts = Record<string, unknown>;

/** Sections read only by screens that load the whole namespace (the DNS, CDN, smart DNS, HTTPDNS and GTM screens of src/web/kinds). */
const AREA_SECTIONS = new Set(['dns', 'cdn', 'dns_adv']);

/** A section is a kind's when it names the kind (kinds:<kind>.name). */
const isKindSection = (section: unknown): section is { name: string } =>
  typeof section === 'object' && section !== null && typeof (section as { name?: unknown }).name === 'string';

/** The slices of a language's kinds.json: `_common`, `_areas`, then one per kind. */
export function sliceKindTexts(texts: Texts): Record<string, Texts> {
  const common: Texts = {};
  const areas: Texts = {};
  const kinds: Record<string, Texts> = {};
  for (const [key, section] of Object.entries(texts)) {
    if (AREA_SECTIONS.has(key)) {
      areas[key] = section;
      continue;
    }
    if (!isKindSection(section)) {
      common[key] = section;
      continue;
    }
    // (a kind's hint is read only by DNS screens that load the whole namespace)
    common[key] = { name: section.name };
    kinds[key] = { [key]: section };
  }
  return { _common: common, _areas: areas, ...kinds };
}
