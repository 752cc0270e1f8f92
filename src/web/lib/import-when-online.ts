// Lazy chunks that are not part of the page (help widget, AI panel, offline banner) load after the
// first screen. If the network is gone by then, their import waits for it to come back instead of
// failing: a failed import reaches the route's error element, which takes it for a new deployment
// (「系统已更新，页面即将刷新！」) and reloads — offline, that replaced the app with an error.
export function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((err: unknown) => {
    if (typeof window === 'undefined' || window.navigator.onLine) throw err;
    return new Promise<T>((resolve, reject) => {
      window.addEventListener(
        'online',
        () => {
          load().then(resolve, reject);
        },
        { once: true },
      );
    });
  });
}
