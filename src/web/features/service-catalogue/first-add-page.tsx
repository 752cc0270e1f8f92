// serviceFirstAdd: a new level-1 entry under a category, or (?parent=…) a level-2 group under a
// level-1 entry, or (?id=…) an edit of either: name, description and 1–3 owners.
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { CATEGORIES, type Category } from '../../../domain/service-catalogue.ts';
import { createEntry, getEntry, getOptions, updateEntry } from './api.ts';
import { catalogueKeys } from './query-keys.ts';
import { CatalogueFrame, PATHS, entryPath } from './catalogue-parts.tsx';
import { Choice, LongText, OwnersField, TextField } from './entry-form.tsx';

export default function ServiceFirstAddPage() {
  const { t } = useTranslation('service_catalogue');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const editId = params.get('id');
  const parentId = params.get('parent');
  const options = useQuery({ queryKey: catalogueKeys.options(), queryFn: getOptions });
  const editing = useQuery({ queryKey: catalogueKeys.detail(editId ?? ''), queryFn: () => getEntry(editId!), enabled: Boolean(editId) });
  const parent = useQuery({ queryKey: catalogueKeys.detail(parentId ?? ''), queryFn: () => getEntry(parentId!), enabled: Boolean(parentId) });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [owners, setOwners] = useState<string[]>([]);
  const [category, setCategory] = useState<Category>('office');
  useEffect(() => {
    const e = editing.data;
    if (!e) return;
    setName(e.name);
    setDescription(e.description);
    setOwners(e.owners.map((o) => o.id));
  }, [editing.data]);
  const level = editId ? (editing.data?.level ?? 1) : parentId ? 2 : 1;
  const save = useMutation({
    mutationFn: () =>
      editId
        ? updateEntry(editId, { name, description, owner_ids: owners })
        : createEntry({ name, description, owner_ids: owners, ...(parentId ? { parent_id: parentId } : { category }) }),
    onSuccess: (e) => {
      void qc.invalidateQueries({ queryKey: catalogueKeys.all });
      navigate(entryPath(e), { replace: true });
    },
  });
  const title = editId ? t('form.edit', { name: editing.data?.name ?? '' }) : t(level === 1 ? 'form.add_first' : 'form.add_second');
  const back = parentId ? PATHS.first(parentId) : editId && editing.data ? entryPath(editing.data) : PATHS.setting;
  return (
    <CatalogueFrame page="serviceFirstAdd" title={title} back={{ to: back, label: t('action.cancel') }}>
      <form
        className="ys-sc__section ys-sc__form"
        onSubmit={(ev) => {
          ev.preventDefault();
          save.mutate();
        }}
      >
        {parent.data ? <p className="ys-sc__muted">{t('form.under', { name: parent.data.name })}</p> : null}
        {!editId && !parentId ? (
          <Choice
            label={t('field.category')}
            options={CATEGORIES.map((c) => ({ label: t(`category.${c}`), value: c }))}
            value={category}
            onChange={setCategory}
            testid="sc-category"
          />
        ) : null}
        <TextField label={t('field.name')} value={name} onChange={setName} testid="sc-name" />
        <LongText label={t('field.description')} value={description} onChange={setDescription} testid="sc-description" />
        <OwnersField owners={options.data?.owners ?? []} value={owners} onChange={setOwners} />
        <Button type="submit" color="primary" block loading={save.isPending} disabled={!name.trim() || owners.length === 0} data-testid="sc-save">
          {t('action.save')}
        </Button>
      </form>
    </CatalogueFrame>
  );
}
