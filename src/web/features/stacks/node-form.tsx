// One node's settings, shared by the desktop inspector and the phone's list editor: its name, the
// fields a template fixes for its kind (options in words, units beside numbers), the connections
// it may make ("连接到子网" picks among the draft's subnets) and its problems under the fields.
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { CONNECTIONS, STACK_FIELDS, isStackKind, type StackIssue, type StackNode } from '../../../domain/stacks.ts';
import type { Draft, Edit } from './editor-model.ts';
import { optionLabel, useFieldLabel, useKindName } from './stacks-parts.tsx';
import { useIssueText } from './issue-text.ts';

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="ys-stacks__field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

export function NodeForm({
  draft,
  node,
  issues,
  dispatch,
  readOnly,
}: {
  draft: Draft;
  node: StackNode;
  issues: StackIssue[];
  dispatch: Dispatch<Edit>;
  readOnly: boolean;
}) {
  const { t } = useTranslation(['stacks', 'kinds']);
  const kindName = useKindName();
  const fieldLabel = useFieldLabel();
  const issueText = useIssueText(draft);
  if (!isStackKind(node.kind)) return null;
  const id = (f: string) => `node-${node.key}-${f}`;
  const mine = issues.filter((i) => i.node === node.key);
  return (
    <fieldset className="ys-stacks__nodeform" disabled={readOnly} data-testid={`node-form-${node.key}`}>
      <legend className="ys-stacks__sr">{node.name}</legend>
      <Field id={id('name')} label={t('editor.node_name')}>
        <input
          id={id('name')}
          className="ys-stacks__input"
          value={node.name}
          maxLength={60}
          onChange={(e) => dispatch({ type: 'rename', key: node.key, name: e.target.value })}
        />
      </Field>
      {STACK_FIELDS[node.kind].map((f) => (
        <Field key={f.key} id={id(f.key)} label={`${fieldLabel(node.kind, f.key)}${f.unit ? `（${t(`units.${f.unit}`)}）` : ''}`}>
          {f.type === 'enum' ? (
            <select
              id={id(f.key)}
              className="ys-stacks__input"
              value={String(node.spec[f.key] ?? '')}
              onChange={(e) => dispatch({ type: 'spec', key: node.key, field: f.key, value: e.target.value })}
            >
              {f.options!.map((o) => (
                <option key={o} value={o}>
                  {optionLabel(t, node.kind, f.key, o)}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={id(f.key)}
              className="ys-stacks__input"
              inputMode={f.type === 'number' ? 'numeric' : 'text'}
              value={String(node.spec[f.key] ?? '')}
              onChange={(e) => {
                const raw = e.target.value.trim();
                dispatch({ type: 'spec', key: node.key, field: f.key, value: f.type === 'number' && /^\d+$/.test(raw) ? Number(raw) : raw });
              }}
            />
          )}
        </Field>
      ))}
      {CONNECTIONS.filter((c) => c.from === node.kind).map((c) => {
        const targets = draft.nodes.filter((n) => n.kind === c.to);
        const current = draft.edges.find((e) => e.from === node.key && targets.some((n) => n.key === e.to))?.to ?? '';
        return (
          <Field key={c.to} id={id(`to-${c.to}`)} label={t('editor.connect_to', { kind: kindName(c.to) })}>
            <select
              id={id(`to-${c.to}`)}
              className="ys-stacks__input"
              value={current}
              data-testid={`connect-${node.key}-${c.to}`}
              onChange={(e) =>
                e.target.value
                  ? dispatch({ type: 'connect', from: node.key, to: e.target.value })
                  : current && dispatch({ type: 'disconnect', from: node.key, to: current })
              }
            >
              <option value="">{targets.length ? t('editor.not_connected') : t('editor.no_target', { kind: kindName(c.to) })}</option>
              {targets.map((n) => (
                <option key={n.key} value={n.key}>
                  {n.name}
                </option>
              ))}
            </select>
          </Field>
        );
      })}
      {mine.length ? (
        <ul className="ys-stacks__issues" role="alert">
          {mine.map((i) => (
            <li key={`${i.field}-${i.rule}`}>{issueText(i)}</li>
          ))}
        </ul>
      ) : null}
      {readOnly ? null : (
        <Button size="small" color="danger" fill="outline" onClick={() => dispatch({ type: 'remove', key: node.key })}>
          {t('editor.remove')}
        </Button>
      )}
    </fieldset>
  );
}
