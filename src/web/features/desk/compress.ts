// Photos from the phone camera are several MB: they are scaled down and re-encoded as JPEG in the
// browser (canvas) until they fit the 2 MB image limit, before they wait in the outbox.
import { UPLOAD_LIMITS } from '../../../domain/desk.ts';

const MAX_EDGE = 1920;

async function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** A JPEG of at most 2 MB, or null if even the smallest try is larger. PNG/JPEG under the limit stay as they are. */
export async function compressImage(file: File): Promise<{ name: string; type: string; blob: Blob } | null> {
  if ((file.type === 'image/png' || file.type === 'image/jpeg') && file.size <= UPLOAD_LIMITS.imageBytes && file.size <= 512 * 1024) {
    return { name: file.name, type: file.type, blob: file };
  }
  const bitmap = await createImageBitmap(file);
  let edge = MAX_EDGE;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const scale = Math.min(1, edge / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await toBlob(canvas, 0.8 - attempt * 0.1);
    if (blob && blob.size <= UPLOAD_LIMITS.imageBytes) {
      bitmap.close();
      const base = file.name.replace(/\.[^.]+$/, '') || 'photo';
      return { name: `${base}.jpg`, type: 'image/jpeg', blob };
    }
    edge = Math.round(edge * 0.75);
  }
  bitmap.close();
  return null;
}
