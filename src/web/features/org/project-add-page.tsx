// projectAdd (?id= edits): project name, English name, Chinese name, remark and up to 3 owners
// picked from the tenant's users. The domain's schema checks each field as the server will; the
// server's answer (a taken name…) shows as the shell's notice.
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { MAX_OWNERS, PROJECT_LIMITS, projectCreateSchema } from '../../../domain/org.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { createProject, getProjectDetail, listCandidates, updateProject, useScopeKey, type ProjectBody } from './api.ts';
import { Bar, Loading } from './parts.tsx';
import './org.css';
import { orgKeys } from './query-keys.ts';

type Field = 'name' | 'name_en' | 'name_zh' | 'remark';
const EMPTY: ProjectBody = { name: '', name_en: '', name_zh: '', remark: '', owner_ids: [] };

export default function ProjectAddPage() {
  const { t } = useTranslation(['org', 'errors']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const scopeKey = useScopeKey();
  const [params] = useSearchParams();
  const id = params.get('id');
  const [form, setForm] = useState<ProjectBody>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field | 'owner_ids', string>>>({});
  const candidates = useQuery({ queryKey: orgKeys.candidates(scopeKey), queryFn: listCandidates });
  const detail = useQuery({ queryKey: orgKeys.project(id), queryFn: () => getProjectDetail(id!), enabled: !!id });
  useEffect(() => {
    const d = detail.data;
    if (d) setForm({ name: d.name, name_en: d.name_en, name_zh: d.name_zh, remark: d.remark, owner_ids: d.owners });
  }, [detail.data]);
  const save = useMutation({
    mutationFn: (body: ProjectBody) => (id ? updateProject(id, body) : createProject(body)),
    onSuccess: async () => {
      Toast.show({ content: id ? t('common.saved') : t('common.created') });
      await client.invalidateQueries({ queryKey: orgKeys.all() });
      navigate('/projectManage');
    },
  });
  const submit = () => {
    const parsed = projectCreateSchema.safeParse(form);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | 'owner_ids';
        const rule =
          /^[a-z_]+$/.test(issue.message) && issue.message !== issue.code
            ? issue.message
            : issue.code === 'too_big'
              ? 'too_big'
              : issue.code === 'too_small'
                ? 'required'
                : 'invalid_format';
        const max = (issue as { maximum?: number }).maximum;
        next[field] ??= t(`errors:rules.${rule}`, { max: Number(max ?? 0) });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const set = (k: Field, v: string) => setForm((f) => ({ ...f, [k]: v }));
  const toggle = (uid: string) =>
    setForm((f) => ({
      ...f,
      owner_ids: f.owner_ids.includes(uid) ? f.owner_ids.filter((x) => x !== uid) : f.owner_ids.length < MAX_OWNERS ? [...f.owner_ids, uid] : f.owner_ids,
    }));
  const fields = useMemo(
    () =>
      [
        ['name', PROJECT_LIMITS.name, true],
        ['name_en', PROJECT_LIMITS.name_en, true],
        ['name_zh', PROJECT_LIMITS.name_zh, false],
        ['remark', PROJECT_LIMITS.remark, false],
      ] as const,
    [],
  );
  if (id && detail.isPending) return <Loading />;
  return (
    <PageFrame name="projectAdd" className="ys-org">
      <Bar title={id ? t('project.edit_title') : t('project.add_title')} />
      <form
        className="ys-org__form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        {fields.map(([k, max, required]) => (
          <label key={k} className="ys-org__field">
            <span className={required ? 'ys-org__req' : undefined}>{t(`project.fields.${k}`)}</span>
            {k === 'remark' ? (
              <textarea value={form[k]} rows={2} onChange={(e) => set(k, e.target.value)} data-testid={`project-${k}`} aria-invalid={!!errors[k]} />
            ) : (
              <input value={form[k]} onChange={(e) => set(k, e.target.value)} data-testid={`project-${k}`} aria-invalid={!!errors[k]} />
            )}
            {errors[k] ? <small className="ys-org__error">{errors[k]}</small> : <small>{t(`project.hints.${k}`, { max })}</small>}
          </label>
        ))}
        <div className="ys-org__field" role="group" aria-label={t('project.fields.owners')}>
          <span>{t('project.fields.owners')}</span>
          <div className="ys-org__chips" data-testid="project-owners">
            {(candidates.data?.data ?? []).map((u) => {
              const on = form.owner_ids.includes(u.id);
              return (
                <button
                  type="button"
                  key={u.id}
                  className="ys-org__chip"
                  aria-pressed={on}
                  disabled={!on && form.owner_ids.length >= MAX_OWNERS}
                  onClick={() => toggle(u.id)}
                  data-account={u.account}
                >
                  {`${u.nickname}（${u.account}）`}
                </button>
              );
            })}
          </div>
          {errors.owner_ids ? (
            <small className="ys-org__error">{errors.owner_ids}</small>
          ) : (
            <small>{t('project.hints.owners', { count: form.owner_ids.length })}</small>
          )}
        </div>
        <div className="ys-org__bar-actions">
          <Button color="primary" type="submit" loading={save.isPending} data-testid="project-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate('/projectManage')}>{t('common.cancel')}</Button>
        </div>
      </form>
    </PageFrame>
  );
}
