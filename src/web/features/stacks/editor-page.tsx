// visualEditor: the template editor. On a tablet or desktop a canvas (kinds dragged from the palette,
// nodes dragged into place, connections drawn from a node's handle to another node; loaded as its
// own chunk); on a phone a list of nodes with their settings, a kind picked to add one and the
// connections chosen from selects. Both run the server's own check as the user draws and show
// every problem by node; a built-in template is read only and may be saved as a new one.
import { Suspense, lazy, useEffect, useMemo, useReducer } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, Toast } from 'antd-mobile';
import { useBreakpoint } from '../../lib/hooks.ts';
import { createTemplate, getTemplate, updateTemplate } from './api.ts';
import { stackKeys } from './query-keys.ts';
import { bodyOf, edit, emptyDraft, issuesOf } from './editor-model.ts';
import { EditorList } from './editor-list.tsx';
import { PATHS, StacksFrame } from './stacks-parts.tsx';
import { useIssueText } from './issue-text.ts';

const EditorCanvas = lazy(() => import('./editor-canvas.tsx'));

export default function EditorPage() {
  const { t } = useTranslation('stacks');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const phone = useBreakpoint() === 'phone';
  const [draft, dispatch] = useReducer(edit, undefined, emptyDraft);
  const q = useQuery({ queryKey: stackKeys.template(id), queryFn: () => getTemplate(id), enabled: Boolean(id) });
  useEffect(() => {
    if (q.data) dispatch({ type: 'load', draft: { name: q.data.name, description: q.data.description, nodes: q.data.nodes, edges: q.data.edges } });
  }, [q.data]);
  const builtin = Boolean(q.data?.builtin);
  const issues = useMemo(() => issuesOf(draft), [draft]);
  const issueText = useIssueText(draft);
  const save = useMutation({
    mutationFn: (asNew: boolean) => (id && !asNew ? updateTemplate(id, bodyOf(draft)) : createTemplate(bodyOf(draft))),
    onSuccess: async (saved) => {
      Toast.show({ content: t('editor.saved') });
      await qc.invalidateQueries({ queryKey: stackKeys.all });
      navigate(PATHS.editor(saved.id), { replace: true });
      return saved;
    },
  });
  const saveAndDeploy = async () => {
    // A built-in template deploys as it is (saving it would make a copy each time).
    if (builtin) return navigate(PATHS.deploy(id));
    const saved = await save.mutateAsync(false);
    navigate(PATHS.deploy(saved.id));
  };
  const title = id ? (q.data?.name ?? t('title.editor')) : t('title.editor_new');
  const ready = !id || q.data;
  return (
    <StacksFrame page="visualEditor" title={title} back={{ to: PATHS.templates, label: t('title.templates') }}>
      {!ready ? (
        <p className="ys-stacks__muted">
          <DotLoading /> {t('editor.loading')}
        </p>
      ) : (
        <>
          <section className="ys-stacks__meta">
            <div className="ys-stacks__field">
              <label htmlFor="tpl-name">{t('editor.name')}</label>
              <input
                id="tpl-name"
                className="ys-stacks__input"
                value={draft.name}
                maxLength={40}
                placeholder={t('editor.name_placeholder')}
                onChange={(e) => dispatch({ type: 'meta', name: e.target.value })}
                data-testid="template-name"
              />
            </div>
            <div className="ys-stacks__field ys-stacks__field--wide">
              <label htmlFor="tpl-desc">{t('editor.description')}</label>
              <input
                id="tpl-desc"
                className="ys-stacks__input"
                value={draft.description}
                maxLength={200}
                placeholder={t('editor.description_placeholder')}
                onChange={(e) => dispatch({ type: 'meta', description: e.target.value })}
              />
            </div>
          </section>
          {builtin ? <p className="ys-stacks__note">{t('editor.readonly')}</p> : null}
          {phone ? (
            <EditorList draft={draft} issues={issues} dispatch={dispatch} readOnly={builtin} />
          ) : (
            <Suspense fallback={<DotLoading />}>
              <EditorCanvas draft={draft} issues={issues} dispatch={dispatch} readOnly={builtin} />
            </Suspense>
          )}
          <footer className="ys-stacks__savebar">
            <div className="ys-stacks__check" role="status" data-testid="editor-check">
              {issues.length ? (
                <details>
                  <summary>{t('editor.problems', { count: issues.length })}</summary>
                  <ul className="ys-stacks__issues">
                    {issues.map((i, n) => (
                      <li key={n}>{issueText(i, true)}</li>
                    ))}
                  </ul>
                </details>
              ) : (
                <span className="ys-stacks__ok">{t('editor.ok')}</span>
              )}
            </div>
            <div className="ys-stacks__actions">
              <Button
                color="primary"
                fill="outline"
                disabled={issues.length > 0}
                loading={save.isPending}
                onClick={() => save.mutate(builtin)}
                data-testid="template-save"
              >
                {builtin ? t('editor.save_as') : t('editor.save')}
              </Button>
              <Button color="primary" disabled={issues.length > 0} loading={save.isPending} onClick={() => void saveAndDeploy()} data-testid="template-deploy">
                {builtin ? t('templates.deploy') : t('editor.deploy')}
              </Button>
            </div>
          </footer>
        </>
      )}
    </StacksFrame>
  );
}
