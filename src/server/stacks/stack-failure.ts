// Why a stack's deploy stopped, kept as data (the node and the engine's refusal: an error key with
// its params, or a field and a rule) and worded in the reader's language when the stack is read.
import { z } from 'zod';
import { AppError, type Language } from '../../domain/errors.ts';
import type { StackGraph } from '../../domain/stacks.ts';
import { t } from '../platform/lib/i18n.ts';

export interface StackFailure {
  node: string | null;
  key?: string;
  params?: Record<string, string | number>;
  field?: string;
  rule?: string;
}

/** The refusal an engine call answered, as data; null for anything else (a bug: the caller rethrows). */
export function failureOf(node: string | null, err: unknown): StackFailure | null {
  if (err instanceof AppError) return { node, key: err.key, params: { ...err.params } as Record<string, string | number> };
  if (err instanceof z.ZodError) {
    const i = err.issues[0]!;
    const params: Record<string, string | number> = {};
    if (i.code === 'too_small') params.min = Number(i.minimum);
    if (i.code === 'too_big') params.max = Number(i.maximum);
    if (i.code === 'custom' && (i as { params?: Record<string, string | number> }).params) Object.assign(params, (i as { params?: object }).params);
    const custom = i.message && /^[a-z_]+$/.test(i.message) ? i.message : null;
    const rule = custom ?? (i.code === 'invalid_type' && i.input === undefined ? 'required' : i.code);
    return { node, field: i.path.join('.'), rule, params };
  }
  return null;
}

export function failureText(lang: Language, f: StackFailure, graph: Pick<StackGraph, 'nodes'>) {
  const node = f.node ? graph.nodes.find((n) => n.key === f.node) : undefined;
  let description: string;
  if (f.key) description = t(lang, `errors:${f.key}`, f.params);
  else {
    const label = node && f.field ? t(lang, `kinds:${node.kind}.fields.${f.field}`) : '';
    const field = label && !label.startsWith(`${node?.kind}.`) ? label : (f.field ?? '');
    const rule = t(lang, `errors:rules.${f.rule}`, f.params);
    description = t(lang, 'errors:validation', { field, rule: rule === `rules.${f.rule}` ? (f.rule ?? '') : rule });
  }
  return { node: node?.name ?? null, description };
}
