// /customPage: ?id= shows one published custom page or template, rendered safely (template-view).
// Without an id, administrators (the server says who: GET customize_pages answers them only) get
// the editor — a list, a form (kind, name, HTML, CSS, script, data JSON, published) with a live
// preview through the same renderer, save and delete with confirmation; visitors get the list of
// published pages.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_LIMITS, type TemplateOut } from '../../../domain/portal-content.ts';
import { del, get, post, put } from '../../lib/request.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { PageState, fetchCustomPage, shanghaiTime, useSnapshotLoad } from './portal-data.tsx';
import { TemplateView } from './template-view.tsx';
import './portal-home.css';
import './site.css';

const quiet = { isNeedloading: false, notice: false } as const;

export default function CustomPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <PageFrame name="customPage" className="ys-home ys-custom">
      {id ? <ShowPage id={id} /> : <Index />}
    </PageFrame>
  );
}

function ShowPage({ id }: { id: string }) {
  const { t } = useTranslation(['site_tools', 'site']);
  const state = useSnapshotLoad(/^[\w-]{1,64}$/.test(id) ? `custom:${id}` : null, () => fetchCustomPage(id));
  return (
    <div className="ys-section">
      <Link className="ys-back" to="/customPage">
        {t('custom.back')}
      </Link>
      <PageState state={state}>
        {(p) => (
          <article data-testid="custom-page">
            <h1 className="ys-article__title">{p.name}</h1>
            <TemplateView template={p} scope={p.id} />
          </article>
        )}
      </PageState>
    </div>
  );
}

function Index() {
  const [admin, setAdmin] = useState<TemplateOut[] | null | false>(null);
  const reload = useCallback(() => {
    get<{ data: TemplateOut[] }>('v1/customize_pages', undefined, quiet).then(
      (r) => setAdmin(r.data),
      () => setAdmin(false),
    );
  }, []);
  useEffect(reload, [reload]);
  if (admin === null) return <Waiting />;
  return admin === false ? <PublishedList /> : <Editor pages={admin} reload={reload} />;
}

function Waiting() {
  const { t } = useTranslation(['site_tools', 'site']);
  return (
    <div className="ys-state ys-state--loading" role="status">
      <span className="ys-state__spin" aria-hidden="true" />
      {t('site:state.loading')}
    </div>
  );
}

function PublishedList() {
  const { t } = useTranslation(['site_tools', 'site']);
  const state = useSnapshotLoad('custom-pages', () =>
    get<{ data: { id: string; name: string; updated_at: string }[] }>('v1/portal/custom-pages', undefined, quiet),
  );
  return (
    <div className="ys-section">
      <Link className="ys-back" to="/portal">
        {t('site:state.home')}
      </Link>
      <h1 className="ys-section__title">{t('custom.title')}</h1>
      <PageState state={state}>
        {(v) =>
          v.data.length ? (
            <ul className="ys-alist" data-testid="custom-list">
              {v.data.map((p) => (
                <li key={p.id}>
                  <Link className="ys-alist__row" to={`/customPage?id=${p.id}`}>
                    <span className="ys-alist__title">{p.name}</span>
                    <time className="ys-alist__date">{shanghaiTime(p.updated_at)}</time>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="ys-state">{t('site:state.empty')}</p>
          )
        }
      </PageState>
    </div>
  );
}

interface Draft {
  id: string | null;
  kind: 'template' | 'custom_page';
  name: string;
  html_code: string;
  css_code: string;
  js_code: string;
  data_text: string;
  published: boolean;
}
const EMPTY: Draft = { id: null, kind: 'custom_page', name: '', html_code: '', css_code: '', js_code: '', data_text: '{}', published: true };
const draftOf = (p: TemplateOut): Draft => ({ ...p, data_text: JSON.stringify(p.data_json, null, 2) });

function parseData(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The fields of a page or template: kind, name, its HTML, CSS and script, the data it renders, and whether it is published. */
function DraftFields({
  draft,
  set,
  problems,
}: {
  draft: Draft;
  set: <K extends keyof Draft>(k: K, v: Draft[K]) => void;
  problems: { name: string | null; data: string | null };
}) {
  const { t } = useTranslation(['site_tools', 'site']);
  return (
    <>
      <label className="ys-form__label" htmlFor="tpl-kind">
        {t('custom.fields.kind')}
      </label>
      <select id="tpl-kind" className="ys-form__input" value={draft.kind} onChange={(e) => set('kind', e.target.value as Draft['kind'])}>
        <option value="custom_page">{t('custom.kinds.custom_page')}</option>
        <option value="template">{t('custom.kinds.template')}</option>
      </select>
      <label className="ys-form__label" htmlFor="tpl-name">
        {t('custom.fields.name')}
      </label>
      <input id="tpl-name" className="ys-form__input" value={draft.name} maxLength={TEMPLATE_LIMITS.name + 10} onChange={(e) => set('name', e.target.value)} />
      {problems.name ? <p className="ys-form__error">{problems.name}</p> : null}
      {(['html_code', 'css_code', 'js_code'] as const).map((f) => (
        <div key={f}>
          <label className="ys-form__label" htmlFor={`tpl-${f}`}>
            {t(`custom.fields.${f}`)}
          </label>
          <textarea
            id={`tpl-${f}`}
            className="ys-form__input ys-form__code"
            rows={f === 'html_code' ? 8 : 4}
            spellCheck={false}
            value={draft[f]}
            onChange={(e) => set(f, e.target.value)}
          />
        </div>
      ))}
      <p className="ys-form__hint">{t('custom.js_hint')}</p>
      <label className="ys-form__label" htmlFor="tpl-data">
        {t('custom.fields.data_json')}
      </label>
      <textarea
        id="tpl-data"
        className="ys-form__input ys-form__code"
        rows={4}
        spellCheck={false}
        value={draft.data_text}
        onChange={(e) => set('data_text', e.target.value)}
      />
      {problems.data ? <p className="ys-form__error">{problems.data}</p> : null}
      <label className="ys-form__check">
        <input type="checkbox" checked={draft.published} onChange={(e) => set('published', e.target.checked)} />
        {t('custom.fields.published')}
      </label>
    </>
  );
}

function Editor({ pages, reload }: { pages: TemplateOut[]; reload: () => void }) {
  const { t } = useTranslation(['site_tools', 'site']);
  const [draft, setDraft] = useState<Draft>(pages[0] ? draftOf(pages[0]) : EMPTY);
  const [preview, setPreview] = useState(draft);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The preview follows the form 400 ms after the last keystroke.
  useEffect(() => {
    const h = setTimeout(() => setPreview(draft), 400);
    return () => clearTimeout(h);
  }, [draft]);
  const data = parseData(draft.data_text);
  const problems = {
    name: !draft.name.trim()
      ? t('custom.errors.name_required')
      : draft.name.trim().length > TEMPLATE_LIMITS.name
        ? t('custom.errors.name_long', { max: TEMPLATE_LIMITS.name })
        : null,
    data: data ? null : t('custom.errors.data_json'),
  };
  const previewTemplate = useMemo(
    () => ({
      id: preview.id ?? 'preview',
      name: preview.name,
      html_code: preview.html_code,
      css_code: preview.css_code,
      js_code: preview.js_code,
      data_json: parseData(preview.data_text) ?? {},
    }),
    [preview],
  );
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const save = async () => {
    if (problems.name || problems.data || saving) return;
    setSaving(true);
    setMessage(null);
    const body = {
      kind: draft.kind,
      name: draft.name.trim(),
      html_code: draft.html_code,
      css_code: draft.css_code,
      js_code: draft.js_code,
      data_json: data,
      published: draft.published,
    };
    try {
      const saved = draft.id
        ? await put<TemplateOut>(`v1/customize_pages/${draft.id}`, body, quiet)
        : await post<TemplateOut>('v1/customize_pages', body, quiet);
      setDraft(draftOf(saved));
      setMessage({ ok: true, text: t('custom.saved') });
      reload();
    } catch (err) {
      setMessage({ ok: false, text: (err as { description?: string }).description ?? t('custom.save_failed') });
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    if (!draft.id) return;
    setConfirming(false);
    try {
      await del(`v1/customize_pages/${draft.id}`, undefined, quiet);
      setDraft(EMPTY);
      setMessage({ ok: true, text: t('custom.deleted') });
      reload();
    } catch (err) {
      setMessage({ ok: false, text: (err as { description?: string }).description ?? t('custom.save_failed') });
    }
  };
  return (
    <div className="ys-section ys-editor" data-testid="template-editor">
      <Link className="ys-back" to="/portal">
        {t('site:state.home')}
      </Link>
      <div className="ys-section__head">
        <h1 className="ys-section__title">{t('custom.editor_title')}</h1>
        <button type="button" className="ys-btn ys-btn--outline ys-btn--tall" onClick={() => setDraft(EMPTY)} data-testid="editor-new">
          {t('custom.new')}
        </button>
      </div>
      <div className="ys-editor__layout">
        <ul className="ys-editor__list" aria-label={t('custom.list')}>
          {pages.map((p) => (
            <li key={p.id}>
              <button type="button" className={`ys-editor__pick${draft.id === p.id ? ' is-active' : ''}`} onClick={() => setDraft(draftOf(p))}>
                <span>{p.name}</span>
                <small>
                  {t(`custom.kinds.${p.kind}`)} · {p.published ? t('custom.published') : t('custom.draft')} · {shanghaiTime(p.updated_at, true)}
                </small>
              </button>
            </li>
          ))}
        </ul>
        <form
          className="ys-form ys-editor__form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          noValidate
        >
          <DraftFields draft={draft} set={set} problems={problems} />
          {message ? (
            <p className={message.ok ? 'ys-form__ok' : 'ys-form__error'} role="status">
              {message.text}
            </p>
          ) : null}
          <div className="ys-editor__actions">
            <button type="submit" className="ys-btn ys-btn--primary ys-btn--tall" disabled={saving} data-testid="editor-save">
              {t('custom.save')}
            </button>
            {draft.id && !confirming ? (
              <button type="button" className="ys-btn ys-btn--danger ys-btn--tall" onClick={() => setConfirming(true)}>
                {t('custom.delete')}
              </button>
            ) : null}
            {draft.id ? (
              <Link className="ys-btn ys-btn--outline ys-btn--tall" to={`/customPage?id=${draft.id}`}>
                {t('custom.open')}
              </Link>
            ) : null}
          </div>
          {confirming ? (
            <div className="ys-confirm" role="alertdialog" aria-label={t('custom.confirm_delete', { name: draft.name })}>
              <p>{t('custom.confirm_delete', { name: draft.name })}</p>
              <button type="button" className="ys-btn ys-btn--danger ys-btn--tall" onClick={() => void remove()} data-testid="editor-confirm-delete">
                {t('custom.delete')}
              </button>
              <button type="button" className="ys-btn ys-btn--outline ys-btn--tall" onClick={() => setConfirming(false)}>
                {t('custom.cancel')}
              </button>
            </div>
          ) : null}
        </form>
        <section className="ys-editor__preview" aria-label={t('custom.preview')}>
          <h2 className="ys-form__label">{t('custom.preview')}</h2>
          <div className="ys-editor__canvas" data-testid="editor-preview">
            <TemplateView template={previewTemplate} scope={`preview-${draft.id ?? 'new'}`} />
          </div>
        </section>
      </div>
    </div>
  );
}
