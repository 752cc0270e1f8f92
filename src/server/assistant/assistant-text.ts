// Chinese text for the assistant's index: one written form (Simplified, as zh-CN reads it) for the
// index and the question alike, words from Intl.Segmenter plus the character pairs of every Chinese
// run (the segmenter's dictionary splits 扩容 and 绑定 in two, a pair finds them again), and the
// passage of a document that best matches a question.
import * as OpenCC from 'opencc-js';
import type { Language } from '../../domain/errors.ts';

const toCn = OpenCC.Converter({ from: 'twp', to: 'cn' });
const toTw = OpenCC.Converter({ from: 'cn', to: 'twp' });

/** Taiwanese terms OpenCC leaves as they are, written as the zh-CN help centre writes them. */
const TERMS: readonly [RegExp, string][] = [
  [/云端主机/g, '云主机'],
  [/云端硬碟|云端硬盘/g, '云硬盘'],
  [/帐单/g, '账单'],
  [/帐号/g, '账号'],
  [/警示/g, '告警'],
  [/签核/g, '审批'],
  [/映像档/g, '镜像'],
  [/主控台/g, '控制台'],
  [/执行个体/g, '实例'],
  [/资料库/g, '数据库'],
  [/物件储存/g, '对象存储'],
  [/公用 ?IP/g, '公网 IP'],
  [/网路/g, '网络'],
  [/停止/g, '关机'],
];

/** A question or text of either language in the index's written form (Simplified, zh-CN terms). */
export function normalise(text: string): string {
  let out = toCn(text.normalize('NFKC')).toLowerCase();
  for (const [re, to] of TERMS) out = out.replace(re, to);
  return out;
}

/** zh-CN text shown to a zh-TW reader (only for content that has no zh-TW version of its own). */
export const inLanguage = (text: string, lang: Language) => (lang === 'zh-TW' ? toTw(text) : text);

/** Words too common to tell documents apart (after normalise). */
const STOP = new Set([
  '的',
  '了',
  '吗',
  '呢',
  '吧',
  '啊',
  '是',
  '在',
  '和',
  '与',
  '及',
  '或',
  '我',
  '我们',
  '你',
  '您',
  '请',
  '怎么',
  '怎么办',
  '怎样',
  '如何',
  '什么',
  '哪些',
  '哪个',
  '为什么',
  '可以',
  '能',
  '能否',
  '要',
  '想',
  '一下',
  '有',
  '没有',
  '一个',
  '这个',
  '那个',
  '吗',
  '么',
  '云枢',
  '使用',
  '进行',
  '需要',
  '时候',
  '我有',
  '多少',
  '几',
  '吗',
  '呀',
]);

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /\p{Script=Han}/u;

/** The index's terms of a (normalised) text: segmenter words (stop words and single Han characters left out) and Han character pairs. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  let run = '';
  const flush = () => {
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
    run = '';
  };
  for (const s of segmenter.segment(text)) {
    if (!s.isWordLike) {
      flush();
      continue;
    }
    const word = s.segment;
    const han = HAN.test(word);
    // A stop word ends a run: no pair reaches across it (如何申请 pairs 申请, not 何申).
    if (!han || STOP.has(word)) flush();
    else run += word;
    if (STOP.has(word) || (han && word.length < 2)) continue;
    // A pair already counts a two-character Han word.
    if (!(han && word.length === 2)) out.push(word);
  }
  flush();
  return out.filter((w) => !STOP.has(w));
}

/** The passage (sentence group) of `paragraphs` sharing most terms with the question, up to `max` characters. */
export function bestPassage(paragraphs: readonly string[], questionTerms: ReadonlySet<string>, max = 160): string {
  let best = paragraphs[0] ?? '';
  let bestScore = -1;
  for (const p of paragraphs) {
    const terms = new Set(tokenize(normalise(p)));
    let score = 0;
    for (const t of questionTerms) if (terms.has(t)) score += t.length;
    if (score > bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best.length > max ? `${best.slice(0, max - 1)}…` : best;
}
