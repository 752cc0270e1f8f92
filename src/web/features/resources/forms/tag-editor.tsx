// The tag editors (seed 000 §3, §5, §6, §7). User variant (TagPanel): tags of one resource in the
// current scope; a new tag's key is required (「请先填写键」), letters, digits and dots, 1–32; its value
// 0–60 letters, digits, dot, underscore, hyphen or Chinese. Admin variant (AdminTagEditor), opened
// from the admin lists: every call names the resource's own tenant_id/project_id (the admin acts
// across tenants) and values also take full-width brackets （）. Both save with POST tag-manage
// (create and attach) and POST tag-resources (the resource's tag set). The modal is at most 830px wide.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Input, Modal, Tag, Toast } from 'antd-mobile';
import { tagLabel, tagPairIssue } from '../../../../domain/schemas/shared-ops.schema.ts';
import { createTags, listTags, saveTagIds } from '../api.ts';
import { createAdminTags, listAdminTags, saveAdminTagIds, type TagTarget } from '../ops-api.ts';
import { tagPairError } from './screen-rules.ts';
import { resourceKeys } from '../query-keys.ts';

export function TagPanel({ kind, id }: { kind: string; id: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const q = useQuery({ queryKey: resourceKeys.tags(kind, id), queryFn: () => listTags(kind, id) });
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const links = q.data?.data ?? [];
  const refresh = () => client.invalidateQueries({ queryKey: resourceKeys.tags(kind, id) });
  const add = async () => {
    const err = tagPairError(key.trim(), value.trim(), t);
    setError(err);
    if (err || busy) return;
    setBusy(true);
    try {
      const res = await createTags(kind, [id], [{ tag_key: key.trim(), tag_value: value.trim() }]);
      Toast.show({ content: res.message ?? t('kinds:messages.tags_saved') });
      setKey('');
      setValue('');
      await refresh();
    } catch {
      /* notice shown */
    } finally {
      setBusy(false);
    }
  };
  const remove = async (tagId: string) => {
    try {
      const res = await saveTagIds(
        kind,
        id,
        links.map((l) => l.tag_id).filter((x) => x !== tagId),
      );
      Toast.show({ content: res.message ?? t('kinds:messages.tags_saved') });
      await refresh();
    } catch {
      /* notice shown */
    }
  };
  const chips = (removable: boolean) => (
    <div className="ys-tags">
      {links.length ? (
        links.map((l) => (
          <Tag key={l.tag_id} color="primary" fill="outline" className="ys-tags__tag">
            {l.tag.tag_value ? `${l.tag.tag_key}: ${l.tag.tag_value}` : l.tag.tag_key}
            {removable ? (
              <button type="button" className="ys-tags__x" aria-label={t('resources:tags.remove')} onClick={() => void remove(l.tag_id)}>
                ×
              </button>
            ) : null}
          </Tag>
        ))
      ) : (
        <span className="ys-muted">{t('resources:tags.none')}</span>
      )}
    </div>
  );
  return (
    <div className="ys-tagpanel" data-testid="tag-panel">
      {chips(false)}
      <Button size="small" color="primary" fill="outline" data-testid="tags-edit" onClick={() => setOpen(true)}>
        {t('resources:tags.edit')}
      </Button>
      <Modal
        visible={open}
        onClose={() => setOpen(false)}
        closeOnMaskClick
        title={t('resources:tags.edit')}
        bodyClassName="ys-tagmodal"
        content={
          <div className="ys-tageditor" data-testid="tag-editor">
            {chips(true)}
            <div className="ys-tageditor__row">
              <Input value={key} onChange={setKey} placeholder={t('resources:tags.key')} aria-label={t('resources:tags.key')} data-testid="tag-key" />
              <Input value={value} onChange={setValue} placeholder={t('resources:tags.value')} aria-label={t('resources:tags.value')} data-testid="tag-value" />
              <Button size="small" color="primary" loading={busy} onClick={add} data-testid="tag-add">
                {t('resources:tags.add')}
              </Button>
            </div>
            {error ? (
              <div className="ys-form__error" role="alert">
                {error}
              </div>
            ) : null}
            <div className="ys-sheet__foot">
              <Button size="small" onClick={() => setOpen(false)}>
                {t('resources:common.close')}
              </Button>
            </div>
          </div>
        }
      />
    </div>
  );
}

/**
 * The admin tag editor of one resource of any tenant: the scope line says whose resource it is;
 * chips remove a tag (POST tag-resources with the rest), the key/value row adds one (POST tag-manage).
 */
export function AdminTagEditor({
  target,
  name,
  scope,
  onClose,
  onChanged,
}: {
  target: TagTarget;
  name: string;
  scope: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const qk = resourceKeys.adminTags(target.kind, target.id, target.tenant_id, target.project_id);
  const q = useQuery({ queryKey: qk, queryFn: () => listAdminTags(target) });
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const links = q.data?.data ?? [];
  const changed = async () => {
    await client.invalidateQueries({ queryKey: qk });
    onChanged();
  };
  const add = async () => {
    const issue = tagPairIssue(key.trim(), value.trim(), 'admin');
    setError(issue ? t(`errors:rules.${issue}`) : null);
    if (issue || busy) return;
    setBusy(true);
    try {
      const res = await createAdminTags(target, [{ tag_key: key.trim(), tag_value: value.trim() }]);
      Toast.show({ content: res.message ?? t('ops:admin_tags.saved') });
      setKey('');
      setValue('');
      await changed();
    } catch {
      /* notice shown */
    } finally {
      setBusy(false);
    }
  };
  const remove = async (tagId: string) => {
    if (busy) return;
    setBusy(true);
    try {
      const res = await saveAdminTagIds(
        target,
        links.map((l) => l.tag_id).filter((x) => x !== tagId),
      );
      Toast.show({ content: res.message ?? t('ops:admin_tags.saved') });
      await changed();
    } catch {
      /* notice shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      visible
      onClose={onClose}
      closeOnMaskClick
      title={t('ops:admin_tags.title')}
      bodyClassName="ys-tagmodal"
      content={
        <div className="ys-tageditor" data-testid="admin-tag-editor">
          <div className="ys-tageditor__who">
            <strong className="ys-tageditor__name">{name}</strong>
            <span className="ys-muted" data-testid="admin-tag-scope">
              {scope}
            </span>
          </div>
          <div className="ys-tags" data-testid="admin-tag-chips">
            {links.length ? (
              links.map((l) => (
                <Tag key={l.tag_id} color="primary" fill="outline" className="ys-tags__tag">
                  {tagLabel(l.tag)}
                  <button
                    type="button"
                    className="ys-tags__x"
                    aria-label={`${t('resources:tags.remove')} ${tagLabel(l.tag)}`}
                    onClick={() => void remove(l.tag_id)}
                  >
                    ×
                  </button>
                </Tag>
              ))
            ) : (
              <span className="ys-muted">{q.isLoading ? t('resources:common.loading') : t('ops:admin_tags.none')}</span>
            )}
          </div>
          <div className="ys-tageditor__row">
            <Input value={key} onChange={setKey} placeholder={t('resources:tags.key')} aria-label={t('resources:tags.key')} data-testid="tag-key" />
            <Input value={value} onChange={setValue} placeholder={t('resources:tags.value')} aria-label={t('resources:tags.value')} data-testid="tag-value" />
            <Button size="small" color="primary" loading={busy} onClick={add} data-testid="tag-add">
              {t('resources:tags.add')}
            </Button>
          </div>
          <div className="ys-tageditor__hint">{t('ops:admin_tags.hint')}</div>
          {error ? (
            <div className="ys-form__error" role="alert" data-testid="tag-error">
              {error}
            </div>
          ) : null}
          <div className="ys-sheet__foot">
            <Button size="small" onClick={onClose} data-testid="admin-tag-close">
              {t('resources:common.close')}
            </Button>
          </div>
        </div>
      }
    />
  );
}
