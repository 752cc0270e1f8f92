// Where the console is and where it leads back to.
import { listKindOf } from '../../../domain/kinds/list-kind.ts';
import { detailPath, listPath, routePath } from '../../features/resources/kind-meta.ts';

const def = () => listKindOf('db_instance')!;

/** dmsLogin with the instance to open (`?id=`), or the bare console to pick one. */
export const consolePath = (id?: string) => `${routePath('dmsLogin') ?? '/dmsLogin'}${id ? `?id=${encodeURIComponent(id)}` : ''}`;

/** The instance's detail, or the instances' list. */
export const backPath = (id?: string) => (id ? detailPath(def(), id) : undefined) ?? listPath(def()) ?? '/database';
