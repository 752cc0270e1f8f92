// A portal template's CSS, parsed and written back so that it stays in its box (issue 27, decision
// 0044). The web wraps it in `@scope ([data-tpl-scope="…"]) { … }`, or puts it in the template's
// sandboxed frame; a regex could be tricked into letting `} body { … } @scope (.x) {` through, so
// the text is parsed with postcss and re-emitted from the tree, keeping only:
//   - style rules (nested ones too) whose selector, properties and values are plain text: no braces,
//     no `<` (so no `</style`), no comment, every string closed on its line, every (…) and […]
//     closed, no escape outside a string, a url() only to this site or a data: raster image;
//   - @media, @supports and @container blocks holding such rules;
//   - comments without `<`.
// Everything else is dropped: @import, @charset, @namespace, @font-face, @layer, @keyframes,
// @property, @page, @scope and any other at-rule, declarations outside a rule, url()s to another
// origin or to the API, image-set()/image()/src() (their strings are URLs). Since every emitted
// piece is balanced on its own, the `{` and `}` this module writes are the only ones a browser sees
// as block delimiters. One function serves saving (createTemplate/updateTemplate) and serving
// (every read of a template), so a row stored before this check is neutralised on its way out.
import postcss, { type AtRule, type ChildNode, type Container, type Declaration, type Rule } from 'postcss';
import { badRequest } from '../../domain/errors.ts';

const GROUP_AT_RULES = new Set(['media', 'supports', 'container']);
const MAX_DEPTH = 8;
const URL_FUNCTIONS_WITH_STRINGS = /(?:^|[^\w-])(?:-webkit-)?(?:image-set|image|src)\(/i;
const PROPERTY = /^(?:--[\w-]+|-?[a-z][a-z0-9-]*)$/i;
const RASTER_DATA = /^data:image\/(?:png|gif|jpeg|webp|avif)[;,]/i;
const BASE = 'https://template.invalid/portal/page';

/** A url() target a template may use: a fragment, a same-origin path outside /api, or a data: raster image. */
export function allowedCssUrl(raw: string): boolean {
  const target = raw.trim();
  if (!target || /[\\\s]/.test(target)) return false;
  if (target.startsWith('#')) return /^#[\w-]+$/.test(target);
  if (RASTER_DATA.test(target)) return true;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return false;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return false;
  }
  return url.origin === new URL(BASE).origin && !/^\/api(?:\/|$)/i.test(url.pathname);
}

const controlChar = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Reads an unquoted url( … ) body starting at `i` (just after the parenthesis), as a browser's
 * tokenizer does: it ends at `)`, and a quote, parenthesis, escape or inner space makes the whole
 * value unsafe (a "bad url" swallows text up to a later `)`). Returns the index after `)`, or -1.
 */
function readBareUrl(text: string, i: number, urls: string[]): number {
  const close = text.indexOf(')', i);
  if (close < 0) return -1;
  const body = text.slice(i, close).trim();
  if (/["'(\\\s]/.test(body) || controlChar(body)) return -1;
  urls.push(body);
  return close + 1;
}

/**
 * True when a selector, at-rule prelude or declaration value tokenises the same way in postcss and
 * in a browser and cannot reach past its own end: strings closed on their line, brackets matched,
 * no braces, `<`, comments, top-level `;` or escapes outside strings. The url() targets it holds
 * are pushed to `urls`.
 */
export function balancedText(text: string, urls: string[]): boolean {
  const stack: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const start = i + 1;
      for (i = start; i < text.length && text[i] !== c; i++) {
        if (/[\n\r\f<]/.test(text[i]!)) return false;
        if (text[i] === '\\') return false; // an escape could spell a URL or a newline
      }
      if (i >= text.length) return false;
      if (/url\(\s*$/i.test(text.slice(0, start - 1))) urls.push(text.slice(start, i));
      continue;
    }
    if ('{}<\\\0'.includes(c) || (c === '/' && text[i + 1] === '*')) return false;
    if (c === ';' && stack.length === 0) return false;
    if (c === '(') {
      if (/(?:^|[^\w-])url$/i.test(text.slice(0, i))) {
        const rest = text.slice(i + 1);
        if (!/^\s*["']/.test(rest)) {
          const next = readBareUrl(text, i + 1, urls);
          if (next < 0) return false;
          i = next - 1;
          continue;
        }
      }
      stack.push(')');
    } else if (c === '[') stack.push(']');
    else if (c === ')' || c === ']') {
      if (stack.pop() !== c) return false;
    }
  }
  return stack.length === 0;
}

/** A selector, prelude or value that may be written out: balanced, and every url() allowed. */
function safeText(text: string, allowUrls: boolean): boolean {
  const urls: string[] = [];
  if (!text.trim() || !balancedText(text, urls)) return false;
  if (URL_FUNCTIONS_WITH_STRINGS.test(text)) return false;
  return allowUrls ? urls.every(allowedCssUrl) : urls.length === 0;
}

const pad = (depth: number) => '  '.repeat(depth);

function declaration(d: Declaration): string | null {
  if (!PROPERTY.test(d.prop) || !safeText(d.value, true)) return null;
  return `${d.prop}: ${d.value.trim()}${d.important ? ' !important' : ''};`;
}

/** The children of the root, a rule or a group rule that survive, one per line, indented. */
function children(container: Container, depth: number, inRule: boolean): string[] {
  return (container.nodes ?? []).flatMap((node) => {
    const text = child(node as ChildNode, depth, inRule);
    return text ? [text] : [];
  });
}

/** Declarations only inside a style rule (bare ones would style the page the box sits in). */
function child(node: ChildNode, depth: number, inRule: boolean): string | null {
  if (node.type === 'comment') {
    const text = node.text.trim();
    return text && !text.includes('<') ? `${pad(depth)}/* ${text} */` : null;
  }
  if (node.type === 'decl') {
    const text = inRule ? declaration(node) : null;
    return text ? `${pad(depth)}${text}` : null;
  }
  if (depth >= MAX_DEPTH) return null;
  if (node.type === 'rule') return safeText(node.selector, false) ? block(node.selector, node, depth, true) : null;
  const name = node.name.toLowerCase();
  if (!GROUP_AT_RULES.has(name) || !node.nodes || !safeText(node.params, false)) return null;
  return block(`@${name} ${node.params.trim()}`, node, depth, inRule);
}

function block(prelude: string, node: Rule | AtRule, depth: number, inRule: boolean): string | null {
  const inner = children(node, depth + 1, inRule);
  if (!inner.some((line) => !line.trimStart().startsWith('/*'))) return null;
  return `${pad(depth)}${prelude.trim()} {\n${inner.join('\n')}\n${pad(depth)}}`;
}

/**
 * The template CSS reduced to what stays inside its scope (see the file's head). Throws a
 * localised 400 naming the line when the text does not parse (an unmatched brace or quote).
 */
export function sanitizeTemplateCss(css: string): string {
  if (!css.trim()) return '';
  let root;
  try {
    root = postcss.parse(css);
  } catch (e) {
    const line = (e as { line?: number }).line ?? 1;
    throw badRequest('template_css_invalid', { line });
  }
  return children(root, 0, false).join('\n');
}

/** For serving: a stored text that no longer parses is served as no CSS at all. */
export function servedTemplateCss(css: string): string {
  try {
    return sanitizeTemplateCss(css);
  } catch {
    return '';
  }
}
