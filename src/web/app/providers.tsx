// Providers of the whole app: the shell's jotai store and i18next. TanStack Query is provided by
// the console layout (lib/query-provider.tsx), so public pages do not load it.
import type { ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { i18next } from '../lib/i18n.ts';
import { store } from '../lib/store.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={store}>
      <I18nextProvider i18n={i18next}>{children}</I18nextProvider>
    </JotaiProvider>
  );
}
