// tagManage: the tenant's tags (the current project's and the tenant-wide ones) with how many
// resources carry each; a new tag follows the seed's key and value rules as typed, a delete is
// confirmed and unbinds the tag from its resources.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { formatDateTime } from '../../../domain/time-format.ts';
import { tagPairSchema } from '../../../domain/schemas/resource.schema.ts';
import { useCan } from '../../lib/can.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { createTag, deleteTag, listTags, useScopeKey, type TagRow } from './api.ts';
import { Bar, Loading, OrgList, confirmDanger, type Column } from './parts.tsx';
import './org.css';
import { orgKeys } from './query-keys.ts';

export default function TagManagePage() {
  const { t } = useTranslation(['org', 'errors']);
  const client = useQueryClient();
  const scopeKey = useScopeKey();
  const editable = useCan()('update:tag');
  const [search, setSearch] = useState('');
  const [key, setKey] = useState('');
  const [form, setForm] = useState({ tag_key: '', tag_value: '' });
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const query = useQuery({ queryKey: orgKeys.tags(scopeKey, key), queryFn: () => listTags(key) });
  const refresh = () => client.invalidateQueries({ queryKey: orgKeys.tagsAll() });
  const create = useMutation({
    mutationFn: () => createTag(form),
    onSuccess: async () => {
      Toast.show({ content: t('common.created') });
      setForm({ tag_key: '', tag_value: '' });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (tag: TagRow) => deleteTag(tag.id),
    onSuccess: async () => {
      Toast.show({ content: t('common.deleted') });
      await refresh();
    },
  });
  const submit = () => {
    const parsed = tagPairSchema.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError({ field: String(issue.path[0]), text: t(`errors:rules.${/^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid_format'}`, { max: 60 }) });
      return;
    }
    setError(null);
    create.mutate();
  };
  const ask = async (tag: TagRow) => {
    const name = tag.tag_value ? `${tag.tag_key}:${tag.tag_value}` : tag.tag_key;
    if (await confirmDanger(t('tag.delete_title'), t('tag.delete_confirm', { tag: name, count: tag.resource_count }), t('common.delete'), t('common.cancel')))
      remove.mutate(tag);
  };
  const columns: Column<TagRow>[] = [
    { id: 'key', header: t('tag.key'), cell: (r) => r.tag_key, title: true },
    { id: 'value', header: t('tag.value'), cell: (r) => r.tag_value || '-' },
    { id: 'scope', header: t('tag.scope'), cell: (r) => (r.project_id ? r.project_name_zh || r.project_name : t('tag.scope_tenant')) },
    { id: 'resources', header: t('tag.resources'), cell: (r) => r.resource_count },
    { id: 'created_at', header: t('common.created_at'), cell: (r) => formatDateTime(r.created_at) },
  ];
  return (
    <PageFrame name="tagManage" className="ys-org">
      <Bar title={t('tag.title')} />
      {editable && (
        <form
          className="ys-org__form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          data-testid="tag-form"
        >
          <div className="ys-org__note">{t('tag.note')}</div>
          {(['tag_key', 'tag_value'] as const).map((f) => (
            <label key={f} className="ys-org__field">
              <span className={f === 'tag_key' ? 'ys-org__req' : undefined}>{t(f === 'tag_key' ? 'tag.key' : 'tag.value')}</span>
              <input
                value={form[f]}
                onChange={(e) => setForm((v) => ({ ...v, [f]: e.target.value }))}
                aria-invalid={error?.field === f}
                data-testid={`tag-${f}`}
              />
              {error?.field === f ? (
                <small className="ys-org__error">{error.text}</small>
              ) : (
                <small>{t(f === 'tag_key' ? 'tag.hints.key' : 'tag.hints.value')}</small>
              )}
            </label>
          ))}
          <div className="ys-org__bar-actions">
            <Button color="primary" type="submit" loading={create.isPending} data-testid="tag-save">
              {t('tag.add')}
            </Button>
          </div>
        </form>
      )}
      <form
        className="ys-org__search"
        onSubmit={(e) => {
          e.preventDefault();
          setKey(search.trim());
        }}
      >
        <input
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('tag.search_placeholder')}
          aria-label={t('tag.search_placeholder')}
          maxLength={32}
        />
        <Button type="submit">{t('common.search')}</Button>
      </form>
      {query.isPending ? (
        <Loading />
      ) : (
        <OrgList
          testId="tag-list"
          columns={columns}
          rows={query.data?.data ?? []}
          rowKey={(r) => r.id}
          actions={
            editable
              ? (r) => (
                  <Button size="small" color="danger" fill="outline" onClick={() => void ask(r)} data-testid="tag-delete">
                    {t('common.delete')}
                  </Button>
                )
              : undefined
          }
        />
      )}
    </PageFrame>
  );
}
