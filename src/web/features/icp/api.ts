// The calls of ICP filing (issue 31) at the seed's `isps` path. A material is uploaded as soon as it
// is chosen (one file each, checked by its bytes on the server); the filing names their ids.
import { get, post, upload } from '../../lib/request.ts';
import { ICP_URL, type IcpCreate, type IcpFiling, type IcpLookup, type IcpMaterial, type MaterialKind } from '../../../domain/icp.ts';

export type { IcpFiling, IcpLookup, IcpMaterial, MaterialKind };

const quiet = { isNeedloading: false } as const;

export interface IcpRequirements {
  financial: boolean;
  materials: MaterialKind[];
  limits: { file_bytes: number };
}

export const listFilings = () => get<{ count: number; data: IcpFiling[] }>(ICP_URL, { __limit: 100 }, quiet);
export const getFiling = (id: string) => get<IcpFiling>(`${ICP_URL}/${id}`, undefined, quiet);
export const getRequirements = () => get<IcpRequirements>(`${ICP_URL}/requirements`, undefined, quiet);
/** The public lookup: a completed filing of the domain (404 when there is none: no notice, the page says so). */
export const lookupDomain = (domain: string) => get<IcpLookup>(`${ICP_URL}/lookup`, { domain }, { ...quiet, notice: false });
export const createFiling = (body: IcpCreate) => post<IcpFiling>(ICP_URL, body, { headers: { 'Idempotency-Key': crypto.randomUUID() } });

export function uploadMaterial(kind: MaterialKind, file: File): Promise<IcpMaterial> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return upload<IcpMaterial>(`${ICP_URL}/materials`, form, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
}
