// The document a template's script runs in (seed 000 §1 "templates rendered safely"). The web puts
// it in an <iframe sandbox="allow-scripts"> (never allow-same-origin): an opaque origin, so the
// script reads neither the site's localStorage nor its cookies. This answer adds the same sandbox
// and a policy that lets the page reach nothing (connect-src 'none', no images or fonts from the
// network, no forms, no navigation of the top window), so even opened on its own it cannot call the
// API. Content arrives by postMessage from the parent (HTML already sanitised there); the frame
// reports its height and any link tapped, and the parent decides what a link does.
export const TEMPLATE_FRAME_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  'font-src data:',
  "connect-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-scripts',
].join('; ');

const BOOT = `
(function () {
  var parentWin = window.parent;
  var started = false;
  // Known only to this closure and the parent: a script of the template cannot forge a link tap.
  var linkKey = null;
  function height() {
    var h = Math.ceil(document.documentElement.getBoundingClientRect().height);
    parentWin.postMessage({ type: 'ys-template-height', height: h }, '*');
  }
  window.addEventListener('message', function (e) {
    if (e.source !== parentWin || started) return;
    var d = e.data || {};
    if (d.type !== 'ys-template-content') return;
    started = true;
    linkKey = String(d.key || '');
    var style = document.createElement('style');
    style.textContent = String(d.css || '');
    document.head.appendChild(style);
    document.body.innerHTML = String(d.html || '');
    window.pageData = d.data || {};
    new ResizeObserver(height).observe(document.documentElement);
    height();
    // After this handler has returned, so the template's script never sees this event (window.event).
    var js = String(d.js || '');
    if (js) {
      setTimeout(function () {
        var s = document.createElement('script');
        s.textContent = js;
        document.body.appendChild(s);
      }, 0);
    }
  });
  document.addEventListener('click', function (e) {
    if (!e.isTrusted || !linkKey) return;
    var a = e.target && e.target.closest ? e.target.closest('a[href]') : null;
    if (!a) return;
    e.preventDefault();
    parentWin.postMessage({ type: 'ys-template-link', href: a.getAttribute('href'), key: linkKey }, '*');
  }, true);
  parentWin.postMessage({ type: 'ys-template-ready' }, '*');
})();
`;

export const TEMPLATE_FRAME_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}body{padding:1px 0}</style></head><body><script>${BOOT}</script></body></html>`;
