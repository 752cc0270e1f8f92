// The backup plan calls (one helper each) through the shared request helper.
import { del, get, post, put } from '../../lib/request.ts';
import type { BackupDay } from '../../../domain/backup-plan.ts';

export interface BackupPlan {
  id: string;
  name: string;
  schedule_type: string;
  start_time: string;
  backup_freq: 'week' | 'month';
  backup_days: BackupDay[];
  retention_time: string | number;
  device_type: string;
  resource_id: string;
  resource_type: string;
  resource_name: string;
  vendor: string;
  /** creating / installing / issuing (in_between), or created / *_failed */
  status: string;
  in_between: boolean;
  created_at: string;
  updated_at: string;
}
type Saved = BackupPlan & { message?: string };
const quiet = { isNeedloading: false } as const;
const COLLECTION: Record<string, string> = { instance: 'instances', volume: 'volumes' };

export const listPlansOf = (kind: string, id: string) =>
  get<{ count: number; data: BackupPlan[] }>(`${COLLECTION[kind] ?? kind}/${id}/backup-policies`, { __limit: 100 }, quiet);
export const createPlan = (resourceId: string, body: Record<string, unknown>) => post<Saved>('v1/backup-policies', { resource_id: resourceId, ...body });
export const updatePlan = (id: string, body: Record<string, unknown>) => put<Saved>(`v1/backup-policies/${id}`, body);
export const deletePlan = (id: string) => del<{ id: string; message?: string }>(`v1/backup-policies/${id}`);
