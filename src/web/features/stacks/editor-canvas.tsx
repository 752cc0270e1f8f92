// The canvas editor (tablet and desktop; its own lazy chunk): a palette of kinds dragged onto the
// canvas (or clicked: placed in the next free spot), nodes dragged into place, and a connection
// drawn by dragging a node's handle onto another node. Native pointer events, so mouse, pen and
// touch alike; the edges are SVG lines under the nodes, each named by what it does (创建于, 绑定到,
// 挂载到) and removable. The selected node's settings stand beside the canvas.
import { useRef, useState, type Dispatch, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { STACK_KINDS, STACK_LIMITS, connectionOf, type StackIssue, type StackKind, type StackNode } from '../../../domain/stacks.ts';
import type { Draft, Edit } from './editor-model.ts';
import { NodeForm } from './node-form.tsx';
import { useKindName, useNodeSummary } from './stacks-parts.tsx';
import { useIssueText } from './issue-text.ts';

const W = 168;
const H = 68;
const MIN = { w: 720, h: 460 };

type Drag =
  | { type: 'move'; key: string; dx: number; dy: number; moved: boolean }
  | { type: 'link'; from: string; x: number; y: number }
  | { type: 'new'; kind: StackKind; x: number; y: number };

/** Where the line from a's centre to b's centre meets b's box (so the arrow head shows). */
function edgeEnd(a: { x: number; y: number }, b: { x: number; y: number }) {
  const ax = a.x + W / 2;
  const ay = a.y + H / 2;
  const bx = b.x + W / 2;
  const by = b.y + H / 2;
  const dx = bx - ax;
  const dy = by - ay;
  if (!dx && !dy) return { ax, ay, bx, by };
  const t = Math.min(dx ? W / 2 / Math.abs(dx) : Infinity, dy ? H / 2 / Math.abs(dy) : Infinity);
  return { ax, ay, bx: bx - dx * t, by: by - dy * t };
}

function Edges({ draft, drag, onRemove, readOnly }: { draft: Draft; drag: Drag | null; onRemove: (from: string, to: string) => void; readOnly: boolean }) {
  const { t } = useTranslation('stacks');
  const byKey = new Map(draft.nodes.map((n) => [n.key, n]));
  const linking = drag?.type === 'link' ? byKey.get(drag.from) : undefined;
  return (
    <>
      <svg className="ys-stacks__edges" aria-hidden="true">
        <defs>
          <marker id="ys-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill="#4e5969" />
          </marker>
        </defs>
        {draft.edges.map((e) => {
          const a = byKey.get(e.from);
          const b = byKey.get(e.to);
          if (!a || !b) return null;
          const p = edgeEnd(a, b);
          const dashed = connectionOf(a.kind, b.kind)?.mode === 'action';
          return (
            <line key={`${e.from}-${e.to}`} x1={p.ax} y1={p.ay} x2={p.bx} y2={p.by} className={dashed ? 'is-action' : undefined} markerEnd="url(#ys-arrow)" />
          );
        })}
        {linking && drag?.type === 'link' ? <line x1={linking.x + W} y1={linking.y + H / 2} x2={drag.x} y2={drag.y} className="is-drawing" /> : null}
      </svg>
      {draft.edges.map((e) => {
        const a = byKey.get(e.from);
        const b = byKey.get(e.to);
        const c = a && b ? connectionOf(a.kind, b.kind) : undefined;
        if (!a || !b || !c) return null;
        const p = edgeEnd(a, b);
        const label = t(`edge.${c.mode === 'create' ? 'create' : c.action}`);
        return (
          <span key={`${e.from}-${e.to}`} className="ys-stacks__edgelabel" style={{ left: (p.ax + p.bx) / 2, top: (p.ay + p.by) / 2 }}>
            {label}
            {readOnly ? null : (
              <button type="button" aria-label={t('editor.disconnect', { name: b.name })} onClick={() => onRemove(e.from, e.to)}>
                <CloseOutline aria-hidden="true" />
              </button>
            )}
          </span>
        );
      })}
    </>
  );
}

function NodeBox({
  node,
  selected,
  wrong,
  readOnly,
  onPointerDown,
  onHandle,
}: {
  node: StackNode;
  selected: boolean;
  wrong: boolean;
  readOnly: boolean;
  onPointerDown: (e: ReactPointerEvent) => void;
  onHandle: (e: ReactPointerEvent) => void;
}) {
  const { t } = useTranslation('stacks');
  const kindName = useKindName();
  const summary = useNodeSummary();
  return (
    <div
      className={`ys-stacks__node ys-stacks__node--${node.kind}${selected ? ' is-selected' : ''}${wrong ? ' is-wrong' : ''}`}
      style={{ left: node.x, top: node.y, width: W, height: H }}
      data-node={node.key}
      data-testid={`node-${node.key}`}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={`${kindName(node.kind)} ${node.name}`}
      onPointerDown={onPointerDown}
    >
      <span className={`ys-stacks__kind ys-stacks__kind--${node.kind}`}>{kindName(node.kind)}</span>
      <strong className="ys-stacks__nodename">{node.name}</strong>
      <span className="ys-stacks__nodesum">{summary(node)}</span>
      {readOnly ? null : <span className="ys-stacks__handle" title={t('editor.connect_hint')} data-testid={`handle-${node.key}`} onPointerDown={onHandle} />}
    </div>
  );
}

export default function EditorCanvas({
  draft,
  issues,
  dispatch,
  readOnly,
}: {
  draft: Draft;
  issues: StackIssue[];
  dispatch: Dispatch<Edit>;
  readOnly: boolean;
}) {
  const { t } = useTranslation('stacks');
  const kindName = useKindName();
  const issueText = useIssueText(draft);
  const area = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const at = (e: { clientX: number; clientY: number }) => {
    const r = area.current!.getBoundingClientRect();
    return { x: e.clientX - r.left + area.current!.scrollLeft, y: e.clientY - r.top + area.current!.scrollTop };
  };
  const inside = (e: { clientX: number; clientY: number }) => {
    const r = area.current!.getBoundingClientRect();
    return e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
  };
  const width = Math.max(MIN.w, ...draft.nodes.map((n) => n.x + W + 40));
  const height = Math.max(MIN.h, ...draft.nodes.map((n) => n.y + H + 40));
  const selected = draft.nodes.find((n) => n.key === draft.selected);

  const onMove = (e: ReactPointerEvent) => {
    if (!drag) return;
    const p = at(e);
    if (drag.type === 'move') {
      dispatch({ type: 'move', key: drag.key, x: p.x - drag.dx, y: p.y - drag.dy });
      if (!drag.moved) setDrag({ ...drag, moved: true });
    } else setDrag({ ...drag, x: drag.type === 'new' ? e.clientX : p.x, y: drag.type === 'new' ? e.clientY : p.y });
  };
  const onUp = (e: ReactPointerEvent) => {
    if (!drag) return;
    if (drag.type === 'link') {
      const target = (document.elementFromPoint(e.clientX, e.clientY) as HTMLElement | null)?.closest<HTMLElement>('[data-node]')?.dataset.node;
      if (target && target !== drag.from) dispatch({ type: 'connect', from: drag.from, to: target });
    }
    if (drag.type === 'new') {
      const p = at(e);
      if (inside(e)) dispatch({ type: 'add', kind: drag.kind, x: Math.max(0, p.x - W / 2), y: Math.max(0, p.y - H / 2) });
      else dispatch({ type: 'add', kind: drag.kind });
    }
    setDrag(null);
  };
  const capture = (e: ReactPointerEvent) => (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);

  return (
    <div className={`ys-stacks__editor${readOnly ? ' is-readonly' : ''}`} onPointerMove={onMove} onPointerUp={onUp} onPointerCancel={() => setDrag(null)}>
      {readOnly ? null : (
        <aside className="ys-stacks__palette" aria-label={t('editor.palette')}>
          <h2>{t('editor.palette')}</h2>
          <p className="ys-stacks__muted">{t('editor.palette_hint')}</p>
          {STACK_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              className={`ys-stacks__paletteitem ys-stacks__kind--${k}`}
              disabled={draft.nodes.length >= STACK_LIMITS.nodes}
              data-testid={`palette-${k}`}
              onPointerDown={(e) => {
                e.preventDefault();
                setDrag({ type: 'new', kind: k, x: e.clientX, y: e.clientY });
              }}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), dispatch({ type: 'add', kind: k }))}
            >
              {kindName(k)}
            </button>
          ))}
        </aside>
      )}
      <div className="ys-stacks__canvaswrap">
        <div
          ref={area}
          className="ys-stacks__canvas"
          aria-label={t('editor.canvas')}
          data-testid="editor-canvas"
          onPointerDown={(e) => e.target === e.currentTarget && dispatch({ type: 'select', key: null })}
        >
          <div className="ys-stacks__plane" style={{ width, height }}>
            <Edges draft={draft} drag={drag} readOnly={readOnly} onRemove={(from, to) => dispatch({ type: 'disconnect', from, to })} />
            {draft.nodes.map((n) => (
              <NodeBox
                key={n.key}
                node={n}
                selected={draft.selected === n.key}
                wrong={issues.some((i) => i.node === n.key)}
                readOnly={readOnly}
                onPointerDown={(e) => {
                  dispatch({ type: 'select', key: n.key });
                  if (readOnly) return;
                  const p = at(e);
                  capture(e);
                  setDrag({ type: 'move', key: n.key, dx: p.x - n.x, dy: p.y - n.y, moved: false });
                }}
                onHandle={(e) => {
                  e.stopPropagation();
                  const p = at(e);
                  setDrag({ type: 'link', from: n.key, x: p.x, y: p.y });
                }}
              />
            ))}
            {draft.nodes.length === 0 ? <p className="ys-stacks__empty">{t('editor.canvas_empty')}</p> : null}
          </div>
        </div>
        {drag?.type === 'new' ? (
          <span className={`ys-stacks__ghost ys-stacks__kind--${drag.kind}`} style={{ left: drag.x, top: drag.y }}>
            {kindName(drag.kind)}
          </span>
        ) : null}
        <div className="ys-stacks__canvasbar">
          {readOnly ? null : <p className="ys-stacks__muted">{t('editor.connect_hint')}</p>}
          {readOnly || draft.nodes.length < 2 ? null : (
            <Button size="small" fill="outline" onClick={() => dispatch({ type: 'arrange' })}>
              {t('editor.arrange')}
            </Button>
          )}
        </div>
      </div>
      <aside className="ys-stacks__inspector" aria-label={t('editor.node')}>
        {selected ? (
          <NodeForm draft={draft} node={selected} issues={issues} dispatch={dispatch} readOnly={readOnly} />
        ) : (
          <>
            <p className="ys-stacks__muted">{t(readOnly ? 'editor.view_hint' : 'editor.select_hint')}</p>
            {issues.some((i) => !i.node) ? (
              <ul className="ys-stacks__issues">
                {issues
                  .filter((i) => !i.node)
                  .map((i, n) => (
                    <li key={n}>{issueText(i)}</li>
                  ))}
              </ul>
            ) : null}
          </>
        )}
      </aside>
    </div>
  );
}
