// The browser's own ResizeObserver in place of `resize-observer-polyfill` (ADR 0034): the kit's
// helpers (ahooks' useSize, used by the safe area of the tab bar and the popups) import the
// polyfill, 2.4 KB gz on every phone console page, for browsers this app's build target (ES2022)
// excludes — every one of them has ResizeObserver. vite.config.ts aliases the package to this file.
const NativeResizeObserver: typeof ResizeObserver = globalThis.ResizeObserver;
export default NativeResizeObserver;
