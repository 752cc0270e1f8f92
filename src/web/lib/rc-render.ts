// Stands in for rc-util/lib/React/render in the web build (vite.config.ts aliases it; only
// antd-mobile's default imperative render imports it). The original carries ReactDOM.render
// fallbacks and the regenerator runtime (~3.3 KB gz) that every page using the kit fetched, yet
// the app always installs its own render first (antd-react19.ts). This one renders with createRoot
// too, so the kit's Toast/Dialog still work if that install were ever skipped.
import { createRoot, type Root } from 'react-dom/client';
import type { ReactElement } from 'react';

const roots = new WeakMap<Element | DocumentFragment, Root>();

export function render(node: ReactElement, container: Element | DocumentFragment): void {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
}

export async function unmount(container: Element | DocumentFragment): Promise<void> {
  await Promise.resolve();
  roots.get(container)?.unmount();
  roots.delete(container);
}
