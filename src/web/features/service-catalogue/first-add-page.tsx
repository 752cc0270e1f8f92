// serviceFirstAdd: a new level-1 entry under a category, or (?parent=…) a level-2 group under a
// level-1 entry, or (?id=…) an edit of either: name, description and 1–3 owners.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { CATEGORIES, type Category } from '../../../domain/service-catalogue.ts';
import { createEntry, updateEntry } from './api.ts';
import { useEntryForm } from './entry-form-state.ts';
import { catalogueKeys } from './query-keys.ts';
import { CatalogueFrame, PATHS, entryPath } from './catalogue-parts.tsx';
import { Choice, LongText, OwnersField, TextField } from './entry-form.tsx';

export default function ServiceFirstAddPage() {
  const { t, navigate, qc, editId, parentId, options, editing, parent, name, setName, description, setDescription, owners, setOwners } = useEntryForm();
  const [category, setCategory] = useState<Category>('office');
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
