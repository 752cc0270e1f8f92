// The SQL console's screens in their slots (db-instance.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './db-instance.slots.ts';
import { SqlConsole } from './sql-console.tsx';
import { SqlConsoleLink } from './sql-console-link.tsx';

export const screens: KindScreens<typeof slots> = {
  pages: { dmsLogin: SqlConsole },
  above: { databaseDetail_outline: SqlConsoleLink },
};
