// The phone's template editor: the nodes as a list (kind, name, what it is, where it connects),
// one opened at a time with its settings; a kind picked from an action sheet adds a node, and its
// connections are chosen from selects. Nothing to drag on a 375px screen.
import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionSheet, Button } from 'antd-mobile';
import { STACK_KINDS, STACK_LIMITS, type StackIssue } from '../../../domain/stacks.ts';
import type { Draft, Edit } from './editor-model.ts';
import { NodeForm } from './node-form.tsx';
import { useKindName, useNodeSummary } from './stacks-parts.tsx';

export function EditorList({ draft, issues, dispatch, readOnly }: { draft: Draft; issues: StackIssue[]; dispatch: Dispatch<Edit>; readOnly: boolean }) {
  const { t } = useTranslation('stacks');
  const kindName = useKindName();
  const summary = useNodeSummary();
  const [picking, setPicking] = useState(false);
  const nameOf = (key: string) => draft.nodes.find((n) => n.key === key)?.name ?? '';
  return (
    <section className="ys-stacks__list" aria-label={t('editor.canvas')} data-testid="editor-list">
      <p className="ys-stacks__muted">{t('editor.phone_hint')}</p>
      <ul className="ys-stacks__nodes">
        {draft.nodes.map((n) => {
          const open = draft.selected === n.key;
          const wrong = issues.some((i) => i.node === n.key);
          const links = draft.edges.filter((e) => e.from === n.key);
          return (
            <li key={n.key} className={`ys-stacks__nodecard${wrong ? ' is-wrong' : ''}`} data-kind={n.kind}>
              <button
                type="button"
                className="ys-stacks__nodehead"
                aria-expanded={open}
                onClick={() => dispatch({ type: 'select', key: open ? null : n.key })}
                data-testid={`node-${n.key}`}
              >
                <span className={`ys-stacks__kind ys-stacks__kind--${n.kind}`}>{kindName(n.kind)}</span>
                <span className="ys-stacks__nodename">{n.name}</span>
                <span className="ys-stacks__nodesum">{summary(n)}</span>
                {links.length ? <span className="ys-stacks__nodesum">→ {links.map((e) => nameOf(e.to)).join('、')}</span> : null}
              </button>
              {open ? <NodeForm draft={draft} node={n} issues={issues} dispatch={dispatch} readOnly={readOnly} /> : null}
            </li>
          );
        })}
      </ul>
      {readOnly ? null : (
        <Button
          block
          color="primary"
          fill="outline"
          disabled={draft.nodes.length >= STACK_LIMITS.nodes}
          onClick={() => setPicking(true)}
          data-testid="node-add"
        >
          {t('editor.add')}
        </Button>
      )}
      <ActionSheet
        visible={picking}
        onClose={() => setPicking(false)}
        extra={t('editor.add_title')}
        cancelText={t('cancel')}
        actions={STACK_KINDS.map((k) => ({ key: k, text: kindName(k) }))}
        onAction={(a) => {
          dispatch({ type: 'add', kind: a.key as (typeof STACK_KINDS)[number] });
          setPicking(false);
        }}
      />
    </section>
  );
}
