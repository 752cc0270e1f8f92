// The one event union (src/domain/events.ts): every type the server publishes is declared, the
// bus's check refuses what is not, and what a browser receives is the event without its audience.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DOMAIN_EVENT_TYPES,
  delivered,
  isDomainEventType,
  parseDelivered,
  parseDomainEvent,
  type DomainEvent,
  type DomainEventType,
  type EventOf,
} from '../../src/domain/events.ts';

const T = 't'.repeat(32),
  P = 'p'.repeat(32),
  at = '2025-01-02T03:04:05.000Z';
const approval = {
  tenant_id: T,
  project_id: P,
  id: 'a'.repeat(32),
  request_type: 'firewall_policy',
  status: 'pending',
  current_level: 1,
  requester_id: 'u1',
  approver_ids: ['u2'],
  delegate_ids: ['u3'],
  participant_ids: ['u2', 'u4'],
  at,
};

/** One event of every type: a type of the union missing here does not compile. */
const SAMPLES: { [K in DomainEventType]: EventOf<K> } = {
  'resource.status': { type: 'resource.status', tenant_id: T, project_id: P, id: 'r1', kind: 'instance', status: 'running', locked: false, at },
  'resource.removed': { type: 'resource.removed', tenant_id: T, project_id: null, id: 'r1', kind: 'instance', at },
  'export.finished': { type: 'export.finished', tenant_id: T, project_id: null, id: 'x1', at },
  'backup_plan.status': { type: 'backup_plan.status', tenant_id: T, project_id: P, id: 'b1', resource_id: 'r1', kind: 'volume', status: 'created', at },
  'backup_plan.removed': { type: 'backup_plan.removed', tenant_id: T, project_id: P, id: 'b1', resource_id: 'r1', kind: 'volume', at },
  'approval.created': { type: 'approval.created', ...approval },
  'approval.decided': { type: 'approval.decided', ...approval, status: 'approved' },
  'approval.escalated': { type: 'approval.escalated', ...approval, current_level: 2 },
  'approval.issued': { type: 'approval.issued', ...approval, status: 'issued' },
  'site_message.created': { type: 'site_message.created', tenant_id: null, project_id: null, user_id: 'u1', message_id: 'm1', at },
  'alarm.changed': {
    type: 'alarm.changed',
    tenant_id: T,
    project_id: P,
    id: 'a1',
    policy_id: 'p1',
    resource_id: 'r1',
    state: 'firing',
    change: 'fired',
    level: 'high',
    at,
  },
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('the DomainEvent union', () => {
  it('declares every type, and the check accepts one event of each as given (same object, same field order)', () => {
    expect(DOMAIN_EVENT_TYPES.sort()).toEqual(Object.keys(SAMPLES).sort());
    for (const e of Object.values(SAMPLES) as DomainEvent[]) expect(parseDomainEvent(e)).toBe(e);
  });

  it('declares every event type named in the server', () => {
    // Event names are <area>.<what> string literals; each one the server writes must be in the union.
    const named = new Set<string>();
    for (const file of sources('src/server')) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'((?:resource|export|backup_plan|approval|site_message)\.[a-z_]+)'/g)) named.add(m[1]!);
    }
    expect(named.size).toBeGreaterThanOrEqual(8);
    expect([...named].filter((t) => !isDomainEventType(t))).toEqual([]);
  });

  it('refuses an undeclared type, a missing or mistyped field, and a field the type does not declare', () => {
    expect(() => parseDomainEvent({ ...SAMPLES['resource.status'], type: 'resource.exploded' })).toThrow(/undeclared event type/);
    expect(() => parseDomainEvent({ id: 'r1' })).toThrow(/undeclared event type/);
    const { status: _s, ...noStatus } = SAMPLES['resource.status'];
    expect(() => parseDomainEvent(noStatus)).toThrow();
    expect(() => parseDomainEvent({ ...SAMPLES['backup_plan.status'], project_id: null })).toThrow();
    expect(() => parseDomainEvent({ ...SAMPLES['approval.decided'], current_level: '1' })).toThrow();
    expect(() => parseDomainEvent({ ...SAMPLES['export.finished'], secret: 'x' })).toThrow();
    const { participant_ids: _p, ...noAudience } = SAMPLES['approval.created'];
    expect(() => parseDomainEvent(noAudience)).toThrow();
  });

  it('delivers approval events without their audience, and the browser reads them back typed', () => {
    const shown = delivered(SAMPLES['approval.decided']);
    expect(Object.keys(shown)).not.toContain('approver_ids');
    expect(Object.keys(shown)).not.toContain('delegate_ids');
    expect(Object.keys(shown)).not.toContain('participant_ids');
    const wire = JSON.parse(JSON.stringify(shown)) as unknown;
    expect(parseDelivered('approval.decided', wire)).toEqual(shown);
    // A frame of another type, or one that misses a field, is skipped; a field this build does not know is kept.
    expect(parseDelivered('approval.created', wire)).toBeNull();
    expect(parseDelivered('resource.status', { ...SAMPLES['resource.status'], status: undefined })).toBeNull();
    expect(parseDelivered('resource.status', { ...SAMPLES['resource.status'], region_id: 'r' })).toMatchObject({ status: 'running', region_id: 'r' });
  });
});
