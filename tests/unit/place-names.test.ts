// Region and zone names for zh-TW readers.
import { describe, expect, it } from 'vitest';
import { placeName } from '../../src/domain/place-names.ts';

describe('placeName', () => {
  it('writes the demo regions and zones in Traditional characters for zh-TW', () => {
    expect(placeName('华东-上海数据中心', 'zh-TW')).toBe('華東-上海數據中心');
    expect(placeName('华北-北京亦庄数据中心', 'zh-TW')).toBe('華北-北京亦莊數據中心');
    expect(placeName('华南地区（广州）', 'zh-TW')).toBe('華南地區（廣州）');
    expect(placeName('上海可用区 A', 'zh-TW')).toBe('上海可用區 A');
    expect(placeName('华东-苏州虚拟化集群', 'zh-TW')).toBe('華東-蘇州虛擬化集群');
  });
  it('leaves zh-CN and empty names as they are', () => {
    expect(placeName('华东1（杭州）', 'zh-CN')).toBe('华东1（杭州）');
    expect(placeName(null, 'zh-TW')).toBe('');
  });
});
