// The console's frame drawn by a console page's HTML before any script runs (vite.config.ts
// BOOT_SHELL, ADR 0036): gone once the first page (or its error) is on screen. Called from a layout
// effect, so the page and the frame's removal reach the screen in the same paint.
export function removeBootShell(): void {
  document.getElementById('ys-boot')?.remove();
}
