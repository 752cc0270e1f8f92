// Message centre requests (siteMessages): which messages a bulk action takes.
import { z } from 'zod';
import { idSchema } from '../ids.ts';

export const siteMessageIdsSchema = z.object({ ids: z.array(idSchema).min(1).max(200) });
