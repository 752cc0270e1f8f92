// The embedded assistant of 云枢 (public/aiassistant/). It runs inside the console's AI panel
// iframe (or on its own) and talks to the console by postMessage on the same origin only:
//   console → here: {token, tenant_id, project_id, pagetype:'component'}, {command:'openAIBox', mode?:'side'|'full'},
//                   {command:'shrinkscreenFinished'}
//   here → console: {source:'yunshu-assistant', event:'close'|'fullscreen'|'shrink'|'login'}
// Answers come from a small built-in FAQ; no inline script (CSP script-src 'self').

const SOURCE = 'yunshu-assistant';
const embedded = window.parent !== window;
const lang = (() => {
  try { return window.localStorage.getItem('local') === 'zh-TW' ? 'zh-TW' : 'zh-CN'; } catch { return 'zh-CN'; }
})();

const TEXT = {
  'zh-CN': {
    title: '云枢 AI 助手',
    placeholder: '请输入您的问题',
    send: '发送',
    fullscreen: '全屏',
    shrink: '退出全屏',
    close: '关闭',
    hello: '您好，我是云枢 AI 助手。可以问我如何购买云主机、如何处理审批，或如何联系我们。',
    helloUser: '您好，已识别您的登录身份。可以问我如何购买云主机、如何处理审批，或如何联系我们。',
    fallback: '抱歉，这个问题我暂时回答不了。您可以换个问法，或点击下方的问题；也可以通过“提交工单”联系我们的工程师。',
    login: '去登录',
    loginNeeded: '该操作需要先登录云枢控制台。',
    contactLoading: '正在获取联系方式…',
    contactFailed: '联系方式暂时无法获取，请稍后再试。',
    contact: (phone, email) => `服务热线：${phone}\n服务邮箱：${email}\n工作日 9:00–18:00，我们会尽快回复。`,
    chips: ['如何购买云主机', '如何审批', '联系方式'],
    faq: [
      {
        id: 'buy',
        keys: ['购买', '买', '云主机', '主机', '开通', '创建', 'ecs', '实例'],
        title: '购买云主机的步骤：',
        steps: [
          '登录后进入“计算 › 云主机”，点击“购买”。',
          '选择云厂商、区域和可用区，再选规格与镜像。',
          '配置网络（VPC、子网）和系统盘、数据盘。',
          '选择计费方式（按量或包年包月及时长），确认价格后提交。',
          '若项目开启了审批，订单会进入“审批中”，通过后自动创建。',
        ],
        needsLogin: true,
      },
      {
        id: 'approve',
        keys: ['审批', '批准', '同意', '驳回', '拒绝', '待办'],
        title: '处理审批：',
        steps: [
          '在手机底部点击“审批”，或进入“访问与组织 › 我的审批”。',
          '待审批的申请按等待时间排列，点开可查看申请内容与费用。',
          '点击“通过”或“驳回”（驳回需填写原因），也可勾选后批量通过。',
          '没有网络时也能审批：操作会先保存在本机，网络恢复后自动按顺序提交。',
        ],
        needsLogin: true,
      },
      { id: 'contact', keys: ['联系', '电话', '客服', '邮箱', '人工', '热线'] },
    ],
  },
  'zh-TW': {
    title: '雲樞 AI 助理',
    placeholder: '請輸入您的問題',
    send: '送出',
    fullscreen: '全螢幕',
    shrink: '結束全螢幕',
    close: '關閉',
    hello: '您好，我是雲樞 AI 助理。可以問我如何購買雲端主機、如何處理簽核，或如何聯絡我們。',
    helloUser: '您好，已確認您的登入身分。可以問我如何購買雲端主機、如何處理簽核，或如何聯絡我們。',
    fallback: '抱歉，這個問題我暫時無法回答。您可以換個問法，或點選下方的問題；也可以透過「提交工單」聯絡我們的工程師。',
    login: '前往登入',
    loginNeeded: '此操作需要先登入雲樞主控台。',
    contactLoading: '正在取得聯絡資訊…',
    contactFailed: '暫時無法取得聯絡資訊，請稍後再試。',
    contact: (phone, email) => `客服專線：${phone}\n客服信箱：${email}\n週一至週五 9:00–18:00，我們會盡快回覆。`,
    chips: ['如何購買雲端主機', '如何簽核', '聯絡方式'],
    faq: [
      {
        id: 'buy',
        keys: ['購買', '買', '主機', '雲端主機', '開通', '建立', 'ecs', '執行個體'],
        title: '購買雲端主機的步驟：',
        steps: [
          '登入後進入「運算 › 雲端主機」，點選「購買」。',
          '選擇雲端廠商、地區與可用區，再選規格與映像檔。',
          '設定網路（VPC、子網路）以及系統磁碟、資料磁碟。',
          '選擇計費方式（按量或包年包月及期間），確認價格後送出。',
          '若專案啟用了簽核，訂單會進入「審批中」，核准後自動建立。',
        ],
        needsLogin: true,
      },
      {
        id: 'approve',
        keys: ['審批', '簽核', '核准', '同意', '駁回', '拒絕', '待辦'],
        title: '處理簽核：',
        steps: [
          '在手機底部點選「審批」，或進入「存取與組織 › 我的審批」。',
          '待簽核的申請依等待時間排列，點開可查看申請內容與費用。',
          '點選「通過」或「駁回」（駁回需填寫原因），也可勾選後批次通過。',
          '沒有網路時也能簽核：操作會先儲存在本機，網路恢復後自動依序送出。',
        ],
        needsLogin: true,
      },
      { id: 'contact', keys: ['聯絡', '聯繫', '電話', '客服', '信箱', '專人', '專線'] },
    ],
  },
}[lang];

const session = { token: '', tenant_id: '', project_id: '' };
let mode = 'side';
let greeted = false;

const $ = (id) => document.getElementById(id);
const messages = $('messages');
const input = $('input');

function emit(event) {
  if (embedded) window.parent.postMessage({ source: SOURCE, event }, window.location.origin);
}

function setMode(next) {
  mode = next;
  document.body.classList.toggle('full', mode === 'full');
  const btn = $('btn-size');
  const label = mode === 'full' ? TEXT.shrink : TEXT.fullscreen;
  btn.dataset.event = mode === 'full' ? 'shrink' : 'fullscreen';
  btn.setAttribute('aria-label', label);
  btn.title = label;
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

function loginButton(parent) {
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.className = 'link-btn';
  btn.textContent = TEXT.login;
  btn.addEventListener('click', () => emit('login'));
  parent.appendChild(document.createElement('br'));
  parent.appendChild(btn);
}

function answerSteps(item) {
  const el = bubble('bot');
  el.appendChild(document.createTextNode(item.title));
  const list = document.createElement('ol');
  for (const step of item.steps) {
    const li = document.createElement('li');
    li.textContent = step;
    list.appendChild(li);
  }
  el.appendChild(list);
  if (item.needsLogin && !session.token) {
    el.appendChild(document.createTextNode(TEXT.loginNeeded));
    if (embedded) loginButton(el);
  }
  scrollDown();
}

let contactCache = null;
async function answerContact() {
  const el = bubble('bot');
  el.textContent = TEXT.contactLoading;
  scrollDown();
  try {
    if (!contactCache) {
      const res = await fetch('/api/v1/site-config', { headers: { Accept: 'application/json', 'Accept-Language': lang } });
      if (!res.ok) throw new Error(String(res.status));
      contactCache = await res.json();
    }
    el.textContent = TEXT.contact(contactCache.support_phone, contactCache.support_email);
  } catch {
    el.textContent = TEXT.contactFailed;
  }
  scrollDown();
}

function match(question) {
  const q = question.toLowerCase();
  let best = null;
  let bestScore = 0;
  for (const item of TEXT.faq) {
    const score = item.keys.reduce((n, k) => (q.includes(k) ? n + k.length : n), 0);
    if (score > bestScore) { best = item; bestScore = score; }
  }
  return best;
}

function ask(question) {
  const text = question.trim();
  if (!text) return;
  bubble('user').textContent = text;
  scrollDown();
  const item = match(text);
  // A short pause reads as a reply rather than an echo.
  window.setTimeout(() => {
    if (!item) say(TEXT.fallback);
    else if (item.id === 'contact') void answerContact();
    else answerSteps(item);
  }, 250);
}

function greet() {
  if (greeted) return;
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
    greet();
    setMode(data.mode === 'full' ? 'full' : 'side');
    input.focus({ preventScroll: true });
  } else if (data.command === 'shrinkscreenFinished') {
    setMode('side');
  }
});

function init() {
  document.documentElement.lang = lang;
  document.title = TEXT.title;
  $('title').textContent = TEXT.title;
  input.placeholder = TEXT.placeholder;
  $('send').textContent = TEXT.send;
  const close = $('btn-close');
  close.setAttribute('aria-label', TEXT.close);
  close.title = TEXT.close;
  if (!embedded) document.body.classList.add('standalone');
  setMode(embedded ? 'side' : 'full');

  for (const label of TEXT.chips) {
    const chip = document.createElement('button');
    chip.type = 'button';
    chip.className = 'chip';
    chip.textContent = label;
    chip.addEventListener('click', () => ask(label));
    $('chips').appendChild(chip);
  }
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
  // On its own (opened directly) nobody sends openAIBox.
  if (!embedded) greet();
}

init();
