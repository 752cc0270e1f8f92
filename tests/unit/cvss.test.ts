// CVSS v3.1 base scores against NVD's published scores, the spec's Roundup on integers, the
// qualitative rating, malformed vectors, and every vector of the scanner's catalogue parsing.
import { describe, expect, it } from 'vitest';
import { cvssBaseScore, cvssScores, parseCvss, roundUp, severityOf } from '../../src/domain/security-scan/cvss.ts';
import { CVE_CATALOGUE } from '../../src/domain/security-scan/catalogue.ts';

describe('CVSS v3.1 base score', () => {
  it.each([
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', 10.0], // CVE-2021-44228 Log4Shell
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8],
    ['CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N', 5.5],
    ['CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', 7.8], // CVE-2021-4034 PwnKit
    ['CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H', 8.1], // CVE-2024-6387
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', 7.5], // CVE-2014-0160 Heartbleed
    ['CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:N', 5.9], // CVE-2023-48795 Terrapin
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N', 5.3], // CVE-2018-15473
    ['CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:L/A:N', 3.7], // CVE-2021-36368
    ['CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', 8.8], // CVE-2022-26923
    ['CVSS:3.1/AV:L/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', 6.7], // CVE-2023-24932
    ['CVSS:3.1/AV:L/AC:H/PR:H/UI:N/S:U/C:H/I:H/A:H', 6.4],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', 6.1], // a reflected XSS
    ['CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N', 6.4], // a stored XSS (scope change weighs PR:L as 0.68)
    ['CVSS:3.1/AV:P/AC:H/PR:H/UI:R/S:U/C:L/I:N/A:N', 1.6],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N', 0],
    ['CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', 10.0],
  ])('%s → %s', (vector, score) => {
    expect(cvssBaseScore(vector)).toBe(score);
  });

  it('rounds up on integers as Appendix A says (no floating-point noise)', () => {
    expect(roundUp(4.000000001)).toBe(4.0);
    expect(roundUp(4.02)).toBe(4.1);
    expect(roundUp(4.0)).toBe(4.0);
    expect(roundUp(9.71)).toBe(9.8);
  });

  it('answers the sub-scores', () => {
    const s = cvssScores(parseCvss('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')!);
    expect(s).toEqual({ base: 9.8, impact: 5.9, exploitability: 3.9 });
  });

  it('rates the score as the spec does', () => {
    expect([10, 9, 8.9, 7, 6.9, 4, 3.9, 0.1, 0].map(severityOf)).toEqual(['critical', 'critical', 'high', 'high', 'medium', 'medium', 'low', 'low', 'none']);
  });

  it('refuses malformed vectors', () => {
    for (const v of [
      'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:2.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H',
      'CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:3.1/AV:N/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/ZZ:1',
    ])
      expect(parseCvss(v), v).toBeNull();
    expect(() => cvssBaseScore('nonsense')).toThrow();
  });

  it('scores every vector of the catalogue', () => {
    for (const e of CVE_CATALOGUE) expect(parseCvss(e.vector), e.id).not.toBeNull();
    expect(cvssBaseScore(CVE_CATALOGUE.find((e) => e.id === 'CVE-2021-44228')!.vector)).toBe(10);
  });
});
