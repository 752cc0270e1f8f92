// A template problem in words, as the API words it: the node's name, the field's label and the
// rule from errors:rules.* (kinds named, not coded).
import { useTranslation } from 'react-i18next';
import { isStackKind, type StackIssue } from '../../../domain/stacks.ts';
import type { Draft } from './editor-model.ts';

export function useIssueText(draft: Pick<Draft, 'nodes'>) {
  const { t } = useTranslation(['errors', 'stacks', 'kinds']);
  return (i: StackIssue, withNode = false) => {
    const params: Record<string, string | number> = { ...i.params };
    for (const p of ['kind', 'from', 'to'] as const) {
      const v = i.params?.[p];
      if (v !== undefined) params[p] = isStackKind(String(v)) ? t(`stacks:kinds.${String(v)}`) : String(v);
    }
    const rule = t(`errors:rules.${i.rule}`, { ...params, defaultValue: t('errors:rules.invalid_value', { defaultValue: i.rule }) });
    const node = draft.nodes.find((n) => n.key === i.node);
    const label =
      node && i.field && !i.rule.startsWith('stack_')
        ? t(`kinds:${node.kind}.fields.${i.field}`, { defaultValue: '' })
        : i.field === 'name'
          ? t('stacks:editor.name')
          : '';
    const text = label ? `${label}：${rule}` : rule;
    return withNode && node ? `「${node.name}」${text}` : text;
  };
}
