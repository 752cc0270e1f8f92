// The SQL console's folder (src/web/kinds/db-instance, ADR 0053/0054): it draws the whole dmsLogin
// page (with or without an instance in the address), shows the way to it above an instance's detail
// only when the address names the instance, and opens only running MySQL and PostgreSQL instances.
import { describe, expect, it } from 'vitest';
import { kindAbove, kindPage } from '../../src/web/features/resources/kind-folders.ts';
import { closedReason } from '../../src/web/kinds/db-instance/sql-api.ts';

describe('the SQL console screens', () => {
  it('draw dmsLogin and a link above the instance detail', () => {
    expect(kindPage('dmsLogin', false)?.frame).toBe('sql');
    expect(kindPage('dmsLogin', true)?.frame).toBe('sql');
    expect(kindAbove('databaseDetail_outline', true)).toHaveLength(1);
    expect(kindAbove('databaseDetail_outline', false)).toHaveLength(0);
    expect(kindPage('database', false)).toBeUndefined();
  });

  it('open running MySQL and PostgreSQL instances only, saying why not otherwise', () => {
    expect(closedReason({ status: 'running', spec: { engine: 'mysql' } })).toBeNull();
    expect(closedReason({ status: 'running', spec: { engine: 'postgresql' } })).toBeNull();
    expect(closedReason({ status: 'stopped', spec: { engine: 'mysql' } })).toBe('status');
    expect(closedReason({ status: 'creating', spec: { engine: 'postgresql' } })).toBe('status');
    expect(closedReason({ status: 'running', spec: { engine: 'redis' } })).toBe('engine');
    expect(closedReason({ status: 'stopped', spec: { engine: 'oracle' } })).toBe('engine');
  });
});
