// The attachments of a new work order: photos from the camera (compressed in the browser) and files
// of the accepted types, within the seed's size limits; a refusal names the file.
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'antd-mobile';
import { EXT_MIMES, UPLOAD_LIMITS } from '../../../domain/desk.ts';
import { compressImage } from './compress.ts';
import { formatSize } from './format.ts';

interface Picked {
  key: string;
  name: string;
  type: string;
  blob: Blob;
  preview: string | null;
}

const ACCEPTED_FILES = Object.keys(EXT_MIMES)
  .map((e) => `.${e}`)
  .join(',');

export function useAttachments(setProblem: (problem: string | null) => void) {
  const { t } = useTranslation('desk');
  const [files, setFiles] = useState<Picked[]>([]);
  const total = useMemo(() => files.reduce((s, f) => s + f.blob.size, 0), [files]);

  async function addFiles(e: ChangeEvent<HTMLInputElement>, images: boolean) {
    const picked = [...(e.target.files ?? [])];
    e.target.value = '';
    setProblem(null);
    const next: Picked[] = [];
    let sum = total;
    for (const file of picked) {
      const isImage = file.type.startsWith('image/');
      let item: { name: string; type: string; blob: Blob } | null;
      if (isImage) {
        item = await compressImage(file).catch(() => null);
        if (!item) {
          setProblem(t('workorder.too_large_image', { name: file.name }));
          continue;
        }
      } else {
        const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
        if (!images && !EXT_MIMES[ext]) {
          setProblem(t('workorder.wrong_type', { name: file.name }));
          continue;
        }
        if (file.size > UPLOAD_LIMITS.fileBytes) {
          setProblem(t('workorder.too_large_file', { name: file.name }));
          continue;
        }
        item = { name: file.name, type: file.type || 'application/octet-stream', blob: file };
      }
      if (sum + item.blob.size > UPLOAD_LIMITS.totalBytes) {
        setProblem(t('workorder.too_large_total'));
        break;
      }
      sum += item.blob.size;
      next.push({ ...item, key: crypto.randomUUID(), preview: item.type.startsWith('image/') ? URL.createObjectURL(item.blob) : null });
    }
    setFiles((prev) => [...prev, ...next].slice(0, UPLOAD_LIMITS.maxFiles));
  }

  function removeFile(key: string) {
    setFiles((prev) => {
      const gone = prev.find((f) => f.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return prev.filter((f) => f.key !== key);
    });
  }

  return { files, total, addFiles, removeFile };
}

export function AttachmentsField({ attachments, problem }: { attachments: ReturnType<typeof useAttachments>; problem: string | null }) {
  const { t } = useTranslation('desk');
  const photoInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Form.Item label={t('fields.attachments')}>
      <div className="ys-sd__actions" style={{ marginBottom: 8 }}>
        <label className="ys-sd__pick">
          {t('workorder.photos')}
          <input
            ref={photoInput}
            className="ys-sd__file-input"
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            data-testid="wo-photo"
            onChange={(e) => void attachments.addFiles(e, true)}
          />
        </label>
        <label className="ys-sd__pick">
          {t('workorder.files')}
          <input
            ref={fileInput}
            className="ys-sd__file-input"
            type="file"
            accept={ACCEPTED_FILES}
            multiple
            onChange={(e) => void attachments.addFiles(e, false)}
          />
        </label>
      </div>
      {attachments.files.length > 0 && (
        <div className="ys-sd__thumbs" data-testid="wo-files">
          {attachments.files.map((f) => (
            <div key={f.key} className="ys-sd__thumb">
              {f.preview ? <img src={f.preview} alt={f.name} /> : <span>{f.name}</span>}
              <button
                type="button"
                className="ys-sd__thumb-remove"
                aria-label={t('workorder.attachment_remove', { name: f.name })}
                onClick={() => attachments.removeFile(f.key)}
              >
                <span aria-hidden>×</span>
              </button>
            </div>
          ))}
        </div>
      )}
      {attachments.files.length > 0 && (
        <div className="ys-sd__hint">{t('workorder.attachments_total', { n: attachments.files.length, size: formatSize(attachments.total) })}</div>
      )}
      <div className="ys-sd__hint">{t('workorder.attachments_hint')}</div>
      {problem && (
        <div role="alert" className="ys-sd__sla--late" style={{ fontSize: 13, marginTop: 4 }}>
          {problem}
        </div>
      )}
    </Form.Item>
  );
}
