// What the file tab does with objects: uploads with progress (several at once, each its own row),
// downloads, deletes after a confirmation; failures are shown in the server's words.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { pushNotice } from '../../lib/notices.ts';
import { bucketKeys, deleteObject, downloadObject, TransferError, uploadObject, type OssObject } from './bucket-api.ts';
import { bucketQueryKey } from './bucket-frame.tsx';

export interface Upload {
  id: string;
  name: string;
  percent: number;
  state: 'sending' | 'done' | 'failed';
}

function showFailure(t: TFunction, err: unknown) {
  if (err instanceof DOMException && err.name === 'AbortError') return;
  const body = err instanceof TransferError ? err.body : null;
  const status = err instanceof TransferError ? err.status : 0;
  pushNotice({
    type: 'error',
    title: body?.title ?? t('oss:files.failed_title'),
    description: body?.description ?? t(status ? 'oss:files.failed_status' : 'oss:files.failed_network', { status }),
    seconds: 15,
    closable: true,
  });
}

export function useFileActions(t: TFunction, bucketId: string) {
  const client = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: bucketKeys.objectsOf(bucketId) }), client.invalidateQueries({ queryKey: bucketQueryKey(bucketId) })]);
  const patch = (id: string, p: Partial<Upload>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...p } : u)));

  const upload = async (files: readonly File[], prefix: string) => {
    const rows = files.map((f) => ({ id: crypto.randomUUID(), name: f.name, percent: 0, state: 'sending' as const }));
    setUploads((list) => [...list.filter((u) => u.state === 'sending'), ...rows]);
    await Promise.all(
      files.map(async (file, i) => {
        const row = rows[i]!;
        try {
          await uploadObject(bucketId, prefix, file, (percent) => patch(row.id, { percent }));
          patch(row.id, { state: 'done', percent: 100 });
        } catch (err) {
          patch(row.id, { state: 'failed' });
          showFailure(t, err);
        }
      }),
    );
    await refresh();
    // finished rows fade out; a failed one stays until the next upload
    setTimeout(() => setUploads((list) => list.filter((u) => u.state !== 'done')), 4000);
  };

  const download = async (o: OssObject) => {
    try {
      await downloadObject(bucketId, o.key, o.name);
    } catch (err) {
      showFailure(t, err);
    }
  };

  const remove = async (o: OssObject) => {
    const folder = o.type === 'folder';
    const yes = await Dialog.confirm({
      title: t(folder ? 'oss:files.delete_folder_title' : 'oss:files.delete_file_title'),
      content: t(folder ? 'oss:files.delete_folder' : 'oss:files.delete_file', { name: o.name }),
      confirmText: t('oss:delete'),
      cancelText: t('oss:cancel'),
    });
    if (!yes) return;
    try {
      await deleteObject(bucketId, o.key);
      Toast.show({ content: t('oss:done') });
    } catch {
      // the request helper has shown the server's words
    } finally {
      await refresh();
    }
  };

  return { uploads, clearDone: () => setUploads((l) => l.filter((u) => u.state === 'sending')), upload, download, remove, refresh };
}
