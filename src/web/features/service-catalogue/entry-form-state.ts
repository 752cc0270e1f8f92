// What both catalogue entry forms (serviceFirstAdd, serviceThirdAdd) start from: the page's ?id= (an
// edit) and ?parent= (where a new entry goes), the form's options, the entry being edited and the
// parent, and the name, description and owners every level has — filled once from the edited entry.
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getEntry, getOptions } from './api.ts';
import { catalogueKeys } from './query-keys.ts';

export function useEntryForm() {
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
  useEffect(() => {
    const e = editing.data;
    if (!e) return;
    setName(e.name);
    setDescription(e.description);
    setOwners(e.owners.map((o) => o.id));
  }, [editing.data]);
  return { t, navigate, qc, editId, parentId, options, editing, parent, name, setName, description, setDescription, owners, setOwners };
}
