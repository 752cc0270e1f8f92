import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callablePhoneOk, maskPhoneWithCode, maskStoredPhone, phoneProblem, splitPhone, storedParts } from '../../src/domain/phone.ts';
import { contactPhoneSchema, mobilePhoneSchema } from '../../src/domain/phone-schema.ts';
import { workorderCreateSchema } from '../../src/domain/desk-schemas.ts';
import { icpSubjectSchema } from '../../src/domain/icp.ts';

const issue = (r: z.ZodSafeParseResult<unknown>) => (r.success ? null : r.error.issues[0]!.message);

describe('phone rule: +86 and +852', () => {
  it('takes a callable contact phone: mainland fixed line or mobile, +86, or any +852 number; never a 16 mobile', () => {
    for (const ok of ['021-58881234', '0512-62885566', '05516335778', '13912345678', '+86 13912345678', '+86 021-58881234', '+852 21234567', '+852-91234567'])
      expect(callablePhoneOk(ok), ok).toBe(true);
    for (const bad of ['16612345678', '+86 16612345678', '21-58881234', '1234567', '+852 11234567', '+852 9123456', '+44 2071234567', '', '02-12345678'])
      expect(callablePhoneOk(bad), bad).toBe(false);
  });

  it('takes mainland mobiles 13, 14, 15, 17, 18, 19 and refuses 16, 12 and wrong lengths', () => {
    for (const ok of ['13912345678', '14012345678', '15012345678', '17012345678', '18012345678', '19912345678']) expect(phoneProblem('86', ok)).toBeNull();
    for (const bad of ['16612345678', '16012345678', '12012345678', '1391234567', '139123456789', '']) expect(phoneProblem('86', bad)).toBe('mobile');
  });

  it('takes Hong Kong numbers of 8 digits starting 4-9 where an SMS goes; fixed lines 2 and 3 only as contact phones', () => {
    for (const ok of ['91234567', '51234567', '61234567', '41234567', '71234567', '81234567']) expect(phoneProblem('852', ok)).toBeNull();
    for (const bad of ['9123456', '912345678', '21234567', '31234567', '01234567', '']) expect(phoneProblem('852', bad)).toBe('mobile_hk');
    expect(phoneProblem('852', '21234567', 'any')).toBeNull();
    expect(phoneProblem('852', '11234567', 'any')).toBe('mobile_hk');
    expect(phoneProblem('1', '2125550100')).toBe('mobile');
  });

  it('parses what clients send to the stored form: bare digits mean +86, +852 keeps its code', () => {
    expect(mobilePhoneSchema.parse('13912345678')).toBe('13912345678');
    expect(mobilePhoneSchema.parse(' +86 13912345678 ')).toBe('13912345678');
    expect(mobilePhoneSchema.parse('+8613912345678')).toBe('13912345678');
    expect(mobilePhoneSchema.parse('+852 91234567')).toBe('+852 91234567');
    expect(mobilePhoneSchema.parse('+852-9123 4567')).toBe('+852 91234567');
    expect(mobilePhoneSchema.parse('+85291234567')).toBe('+852 91234567');
    expect(issue(mobilePhoneSchema.safeParse('16612345678'))).toBe('mobile');
    expect(issue(mobilePhoneSchema.safeParse('+852 9123456'))).toBe('mobile_hk');
    expect(issue(mobilePhoneSchema.safeParse('+852 21234567'))).toBe('mobile_hk');
    expect(issue(mobilePhoneSchema.safeParse('+1 2125550100'))).toBe('mobile');
    expect(issue(mobilePhoneSchema.safeParse('91234567'))).toBe('mobile');
    expect(contactPhoneSchema.parse('+852 21234567')).toBe('+852 21234567');
  });

  it('splits the stored form for tables with an area_code column', () => {
    expect(storedParts('13912345678')).toEqual({ area_code: '86', phone: '13912345678' });
    expect(storedParts('+852 91234567')).toEqual({ area_code: '852', phone: '91234567' });
    expect(splitPhone('+44 7700900123')).toBeNull();
  });

  it('masks +86 as before and shows the code for +852', () => {
    expect(maskPhoneWithCode('86', '13912345678')).toBe('139****5678');
    expect(maskPhoneWithCode('852', '91234567')).toBe('+852 91****67');
    expect(maskStoredPhone('+852 91234567')).toBe('+852 91****67');
    expect(maskStoredPhone('13912345678')).toBe('139****5678');
  });

  it('is the rule of the forms that take a phone (work order, ICP leader and emergency phones)', () => {
    const wo = { workorder_type_id: 'a'.repeat(32), title: 't', contact: 'c', email: 'a@b.cn', urgency: 'medium', contact_time: 'any', description: 'd' };
    const phoneIssue = (phone: string) => {
      const r = workorderCreateSchema.safeParse({ ...wo, phone });
      return r.success ? null : (r.error.issues.find((i) => i.path[0] === 'phone')?.message ?? null);
    };
    expect(phoneIssue('16612345678')).toBe('mobile');
    expect(phoneIssue('13912345678')).toBeNull();
    expect(phoneIssue('+852 91234567')).toBeNull();
    expect(phoneIssue('+852 9123456')).toBe('mobile_hk');
    const subjectIssues = (leader: string, emergency: string) => {
      const r = icpSubjectSchema.safeParse({ leader_phone: leader, emergency_phone: emergency });
      return r.success ? [] : r.error.issues.filter((i) => /phone/.test(String(i.path[0]))).map((i) => `${String(i.path[0])}:${i.message}`);
    };
    expect(subjectIssues('+852 61234567', '+852 21234567')).toEqual([]);
    expect(subjectIssues('16812345678', '021-58881234')).toEqual(['leader_phone:mobile']);
    expect(subjectIssues('13812345678', '+852 1234567')).toEqual(['emergency_phone:icp_phone']);
  });
});
