// The embedded assistant of 云枢 (public/aiassistant/). It runs inside the console's AI panel
// iframe (or on its own) and talks to the console by postMessage on the same origin only:
//   console → here: {token, tenant_id, project_id, pagetype:'component'}, {command:'openAIBox', mode?:'side'|'full'},
//                   {command:'shrinkscreenFinished'}
//   here → console: {source:'yunshu-assistant', event:'close'|'fullscreen'|'shrink'|'login'},
//                   {source:'yunshu-assistant', event:'navigate', url:'/in-app/route'} (a source link)
// Answers come from POST /api/v1/assistant/answers as the signed-in user (ADR 0065): JSON, or
// Server-Sent Events when the server has a model. Its copy comes from locales/*/assistant.json
// through GET /api/v1/assistant/texts; no inline script (CSP script-src 'self').

const SOURCE = 'yunshu-assistant';
const embedded = window.parent !== window;
const lang = (() => {
  try { return window.localStorage.getItem('local') === 'zh-TW' ? 'zh-TW' : 'zh-CN'; } catch { return 'zh-CN'; }
})();

const session = { token: '', tenant_id: '', project_id: '' };
let TEXT = null;
let mode = 'side';
let greeted = false;
let opened = !embedded;

const $ = (id) => document.getElementById(id);
const messages = $('messages');
const input = $('input');

function emit(event, extra) {
  if (embedded) window.parent.postMessage({ source: SOURCE, event, ...extra }, window.location.origin);
}

function setMode(next) {
  mode = next;
  document.body.classList.toggle('full', mode === 'full');
  const btn = $('btn-size');
  btn.dataset.event = mode === 'full' ? 'shrink' : 'fullscreen';
  if (TEXT) {
    const label = mode === 'full' ? TEXT.shrink : TEXT.fullscreen;
    btn.setAttribute('aria-label', label);
    btn.title = label;
  }
  $('size-path').setAttribute('d', mode === 'full'
    ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5'
    : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5');
}

function bubble(who) {
  const el = document.createElement('div');
  el.className = `msg ${who}`;
  messages.appendChild(el);
  return el;
}

function scrollDown() {
  messages.scrollTop = messages.scrollHeight;
}

function say(text) {
  bubble('bot').textContent = text;
  scrollDown();
}

/** A source link: inside the console it asks the console to open the route; on its own it is a plain link. */
function sourceLink(source) {
  const a = document.createElement('a');
  a.href = source.url;
  a.textContent = source.title;
  a.className = 'source';
  if (embedded) {
    a.addEventListener('click', (event) => {
      event.preventDefault();
      // Full screen, or on a phone where the side panel covers the page: close it first (the
      // console handles the two messages in order, so the link's route is where it ends).
      if (mode === 'full' || window.parent.innerWidth < 768) emit('close');
      emit('navigate', { url: source.url });
    });
  }
  return a;
}

function showSources(el, sources) {
  if (!sources || !sources.length) return;
  const box = document.createElement('div');
  box.className = 'sources';
  const label = document.createElement('span');
  label.className = 'sources-label';
  label.textContent = TEXT.sources;
  box.appendChild(label);
  const list = document.createElement('ul');
  for (const s of sources) {
    if (typeof s.url !== 'string' || !/^\/(?!\/)/.test(s.url)) continue;
    const li = document.createElement('li');
    li.appendChild(sourceLink(s));
    list.appendChild(li);
  }
  box.appendChild(list);
  el.appendChild(box);
  if (sources.some((s) => s.url === '/login') && embedded) loginButton(el);
}

function loginButton(parent) {
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.className = 'link-btn';
  btn.textContent = TEXT.login;
  btn.addEventListener('click', () => emit('login'));
  parent.appendChild(btn);
}

function showError(el, description, question) {
  el.classList.remove('loading');
  el.classList.add('error');
  el.removeAttribute('aria-busy');
  el.textContent = '';
  const title = document.createElement('strong');
  title.textContent = TEXT.error_title;
  el.appendChild(title);
  el.appendChild(document.createTextNode(`\n${description}`));
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'link-btn';
  retry.textContent = TEXT.retry;
  retry.addEventListener('click', () => {
    el.remove();
    void answer(question);
  });
  el.appendChild(document.createElement('br'));
  el.appendChild(retry);
  scrollDown();
}

function headers() {
  const h = { 'content-type': 'application/json', accept: 'text/event-stream, application/json', 'accept-language': lang };
  if (session.token) h['x-auth-token'] = session.token;
  if (session.token && session.tenant_id) h['x-tenant-id'] = session.tenant_id;
  if (session.token && session.project_id) h['x-project-id'] = session.project_id;
  return h;
}

/** Reads the answer's events (sources, delta…, done | error) into the bubble. */
async function readStream(res, el) {
  const text = document.createElement('span');
  let sources = [];
  let buffer = '';
  let started = false;
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (\w+)/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
      if (event === 'sources') sources = data.sources;
      else if (event === 'error') throw Object.assign(new Error('model'), { body: data });
      else if (event === 'delta') {
        if (!started) {
          started = true;
          el.textContent = '';
          el.classList.remove('loading');
          el.appendChild(text);
        }
        text.textContent += data.text;
        scrollDown();
      }
    }
  }
  el.removeAttribute('aria-busy');
  showSources(el, sources);
}

async function answer(question) {
  const el = bubble('bot loading');
  el.setAttribute('aria-busy', 'true');
  el.textContent = TEXT.thinking;
  scrollDown();
  let res;
  try {
    res = await fetch('/api/v1/assistant/answers', { method: 'POST', headers: headers(), body: JSON.stringify({ question }) });
  } catch {
    showError(el, TEXT.error_network, question);
    return;
  }
  try {
    if (res.ok && (res.headers.get('content-type') ?? '').includes('text/event-stream')) {
      await readStream(res, el);
    } else {
      const body = await res.json();
      if (!res.ok) {
        if (res.status === 401 && embedded) emit('login');
        showError(el, body?.description ?? TEXT.error_failed, question);
        return;
      }
      el.classList.remove('loading');
      el.removeAttribute('aria-busy');
      el.textContent = body.answer;
      showSources(el, body.sources);
    }
  } catch (err) {
    showError(el, err?.body?.description ?? TEXT.error_failed, question);
    return;
  }
  scrollDown();
}

function ask(question) {
  const text = question.trim();
  if (!text || !TEXT) return;
  bubble('user').textContent = text;
  scrollDown();
  void answer(text);
}

function greet() {
  if (greeted || !TEXT || !opened) return;
  greeted = true;
  say(session.token ? TEXT.helloUser : TEXT.hello);
}

window.addEventListener('message', (event) => {
  if (event.origin !== window.location.origin || event.source !== window.parent) return;
  const data = event.data;
  if (!data || typeof data !== 'object') return;
  if (data.pagetype === 'component') {
    session.token = typeof data.token === 'string' ? data.token : '';
    session.tenant_id = typeof data.tenant_id === 'string' ? data.tenant_id : '';
    session.project_id = typeof data.project_id === 'string' ? data.project_id : '';
    return;
  }
  if (data.command === 'openAIBox') {
    opened = true;
    greet();
    setMode(data.mode === 'full' ? 'full' : 'side');
    input.focus({ preventScroll: true });
  } else if (data.command === 'shrinkscreenFinished') {
    setMode('side');
  }
});

function applyTexts() {
  document.title = TEXT.title;
  $('title').textContent = TEXT.title;
  input.placeholder = TEXT.placeholder;
  $('send').textContent = TEXT.send;
  const close = $('btn-close');
  close.setAttribute('aria-label', TEXT.close);
  close.title = TEXT.close;
  setMode(mode);
  for (const label of TEXT.chips) {
    const chip = document.createElement('button');
    chip.type = 'button';
    chip.className = 'chip';
    chip.textContent = label;
    chip.addEventListener('click', () => ask(label));
    $('chips').appendChild(chip);
  }
}

async function loadTexts() {
  try {
    const res = await fetch('/api/v1/assistant/texts', { headers: { accept: 'application/json', 'accept-language': lang } });
    if (!res.ok) throw new Error(String(res.status));
    TEXT = await res.json();
  } catch {
    // Offline or the server unreachable: the page's own labels stay; the composer waits.
    window.setTimeout(loadTexts, 5000);
    return;
  }
  applyTexts();
  greet();
}

function init() {
  document.documentElement.lang = lang;
  if (!embedded) document.body.classList.add('standalone');
  setMode(embedded ? 'side' : 'full');
  $('actions').addEventListener('click', (event) => {
    const btn = event.target instanceof Element ? event.target.closest('button[data-event]') : null;
    if (!btn) return;
    const ev = btn.dataset.event;
    if (ev === 'fullscreen') setMode('full');
    emit(ev);
  });
  $('composer').addEventListener('submit', (event) => {
    event.preventDefault();
    ask(input.value);
    input.value = '';
  });
  void loadTexts();
}

init();
