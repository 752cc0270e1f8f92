// Region and zone names are stored once, in Simplified Chinese (as the clouds report them). A
// zh-TW reader gets them in Traditional characters: place names use a small, closed vocabulary
// (areas, cities, 数据中心, 可用区, 集群…), so a character table covers them without a conversion
// library. Characters not in the table are the same in both scripts or are left as they are.
const PAIRS =
  '华華东東数數据據庄莊区區广廣苏蘇虚虛拟擬门門兰蘭宁寧庆慶汉漢连連乌烏鲁魯齐齊贵貴阳陽长長郑鄭济濟岛島厦廈湾灣内內云雲机機节節点點线線网網电電联聯动動备備灾災开開发發测測试試环環产產业業务務关關国國际際亚亞欧歐马馬来來尔爾韩韓兴興绍紹温溫无無锡錫扬揚镇鎮顺順义義乐樂张張怀懷宾賓级級层層园園号號楼樓库庫储儲计計' +
  '组組双雙统統闽閩赣贛沪滬渝渝闸閘桥橋仓倉汇匯龙龍凤鳳湘湘鄂鄂黔黔陕陝晋晉冀冀豫豫辽遼吉吉鲜鮮总總专專属屬资資源源务務实實验驗';

const TABLE: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  const chars = [...PAIRS];
  for (let i = 0; i + 1 < chars.length; i += 2) m.set(chars[i]!, chars[i + 1]!);
  return m;
})();

/** A place name in the reader's language: as stored for zh-CN, in Traditional characters for zh-TW. */
export function placeName(name: string | null | undefined, lang: string): string {
  if (!name) return name ?? '';
  if (lang !== 'zh-TW') return name;
  let out = '';
  for (const c of name) out += TABLE.get(c) ?? c;
  return out;
}
