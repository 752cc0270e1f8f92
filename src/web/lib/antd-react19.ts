// antd-mobile's imperative Toast/Dialog render through ReactDOM.render, which React 19 removed:
// give them createRoot (antd-mobile's documented React 19 adapter). Installed by the console
// layout (every imperative call is in a console screen) and by the update prompt, never on a
// public page's first load. Idempotent.
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

let installed = false;

export function adaptAntdMobile(): void {
  if (installed) return;
  installed = true;
  unstableSetRender((node, container) => {
    const host = container as Element & { _yunshuRoot?: Root };
    host._yunshuRoot ??= createRoot(host);
    const root = host._yunshuRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete host._yunshuRoot;
    };
  });
}
