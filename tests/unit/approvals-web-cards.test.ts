// The approver's cards without a browser: summaries, cost, waiting time, the diff of a rule, and
// how outbox entries become card states (待同步, conflict with the server's state, needs-edit).
import { describe, expect, it } from 'vitest';
import zhCN from '../../locales/zh-CN/approvals.json' with { type: 'json' };
import { summaryOf, waitingOf, waitingText, yuan, type TFn } from '../../src/web/features/approvals/summary.ts';
import { diffRows } from '../../src/web/features/approvals/diff.ts';
import { badgeCount, decidedByMe, syncByApproval, withSettling } from '../../src/web/features/approvals/sync-state.ts';
import { newEntry, type OutboxEntry } from '../../src/web/offline/outbox-rules.ts';
import { createRefreshGate } from '../../src/web/features/approvals/refresh-gate.ts';

/** A tiny i18next stand-in over the zh-CN approvals namespace. */
const t: TFn = (key, opts = {}) => {
  const path = key.replace(/^approvals:/, '').split('.');
  let node: unknown = zhCN;
  for (const p of path) node = (node as Record<string, unknown> | undefined)?.[p];
  const text = typeof node === 'string' ? node : ((opts.defaultValue as string | undefined) ?? key);
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(opts[k] ?? ''));
};

describe('card summary', () => {
  it('says what is asked, per request type', () => {
    expect(summaryOf(t, { type: 'resource_purchase', title: '', payload: { kind: 'instance', name: 'ecs-mes-01', spec: { cpu: 4, memory: 8 } } })).toBe(
      '购买云主机 ecs-mes-01（4 核 8 GB）',
    );
    expect(
      summaryOf(t, {
        type: 'firewall_policy',
        title: '',
        payload: { source_ips: ['10.0.1.0/24'], target_ips: ['10.0.2.5'], target_ports: [443], protocol: 'tcp' },
      }),
    ).toBe('防火墙策略 10.0.1.0/24 → 10.0.2.5:443/TCP');
    expect(
      summaryOf(t, {
        type: 'firewall_policy',
        title: '',
        payload: { source_ips: ['10.0.1.0/24'], target_ips: ['10.0.2.5', '10.0.2.6'], target_ports: [443, 8080], protocol: 'tcp' },
      }),
    ).toBe('防火墙策略 10.0.1.0/24 → 10.0.2.5:443,8080/TCP（另 1 个目标）');
    expect(
      summaryOf(t, {
        type: 'dnat_rule',
        title: '',
        payload: { eip: '121.96.1.21', eip_ports: [8001], internal_ip: '192.168.1.11', internal_ports: [80], protocol: 'tcp' },
      }),
    ).toBe('DNAT 121.96.1.21:8001 → 192.168.1.11:80/TCP');
    // An SNAT rule is a source network going out through an EIP of the gateway (no ports or protocol).
    expect(summaryOf(t, { type: 'snat_rule', title: '', payload: { eip: '121.40.1.11', source_cidr: '192.168.1.0/24', eip_id: 'e'.repeat(32) } })).toBe(
      'SNAT 192.168.1.0/24 → 121.40.1.11',
    );
    expect(summaryOf(t, { type: 'resource_expansion', title: 'erp-disk-01 size=220', payload: { resource_id: 'x', spec: { size: 220 } } })).toBe(
      '云硬盘 erp-disk-01 扩容至 220 GB',
    );
    expect(summaryOf(t, { type: 'quota_change', title: '', payload: { quota_key: 'vcpus', value: 401 } })).toBe('配额 vCPU 核数 调整为 401');
  });

  it('shows the cost in yuan with two decimals', () => {
    expect(yuan(480000)).toBe('4,800.00');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(0)).toBe('0.00');
    expect(t('approvals:card.cost', { amount: yuan(123456) })).toBe('预估 ¥1,234.56');
  });

  it('says how long a request has waited', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    expect(waitingOf(now - 20_000, now)).toEqual({ unit: 'under_minute', n: 0 });
    expect(waitingOf(now - 5 * 60_000, now)).toEqual({ unit: 'minutes', n: 5 });
    expect(waitingText(t, now - 3 * 3600_000 - 59_000, now)).toBe('等待 3 小时');
    expect(waitingText(t, now - 47 * 3600_000, now)).toBe('等待 47 小时');
    expect(waitingText(t, now - 72 * 3600_000, now)).toBe('等待 3 天');
  });
});

describe('rule diff', () => {
  it('marks changed, added, removed and unchanged fields', () => {
    const rows = diffRows(
      { protocol: 'tcp', target_ports: [443], temporary: false, old: 'x' },
      { protocol: 'tcp', target_ports: [443, 8443], temporary: true, reason: 'r', rule_id: 'hidden' },
    );
    // The changes first; the reason is shown on its own, not as a change of the rule.
    expect(rows).toEqual([
      { field: 'target_ports', before: '443', after: '443, 8443', kind: 'changed' },
      { field: 'temporary', before: 'false', after: 'true', kind: 'changed' },
      { field: 'old', before: 'x', after: '', kind: 'removed' },
      { field: 'protocol', before: 'tcp', after: 'tcp', kind: 'same' },
    ]);
  });
  it('shows a new rule as all added', () => {
    expect(diffRows(null, { protocol: 'udp' })).toEqual([{ field: 'protocol', before: '', after: 'udp', kind: 'added' }]);
  });
});

function entry(id: number, approval: string, patch: Partial<OutboxEntry> = {}, action = 'approve'): OutboxEntry {
  const e = newEntry(
    {
      method: 'POST',
      url: `/api/v1/approvals/${approval}/${action}`,
      body: action === 'reject' ? { reason: '不同意', level: 1 } : { level: 1 },
      label: 'x',
      ref: `approval:${approval}`,
    },
    1000 + id,
    `k${id}`,
  );
  return { ...e, id, ...patch };
}

describe('card sync state', () => {
  const current = {
    id: 'b',
    status: 'rejected',
    current_level: 1,
    level_count: 2,
    decided_at: '2025-06-01T02:00:00Z',
    decided_by: { id: 'u', account: 'tenant_admin', nickname: '华东制造 管理员 李娜' },
    decided_on_behalf_of: null,
    reject_reason: '预算冻结',
    current_approvers: [],
  };

  it('takes the newest entry of each request and keeps the server state of a conflict', () => {
    const map = syncByApproval([
      entry(1, 'a'),
      entry(2, 'b', {
        state: 'conflict',
        serverState: { title: '冲突', description: '已处理', code: 'approval_already_decided', current },
        lastError: { status: 409, title: '冲突', description: '该申请已由 李娜 处理' },
      }),
      entry(3, 'c', { state: 'needs_edit', lastError: { status: 400, title: '', description: '驳回原因不能为空' } }, 'reject'),
      entry(4, 'a', { state: 'sent' }),
      { ...entry(5, 'x'), ref: 'workorder:1' },
    ]);
    expect([...map.keys()].sort()).toEqual(['a', 'b', 'c']);
    expect(map.get('a')).toMatchObject({ entryId: 4, state: 'sent', action: 'approve' });
    expect(map.get('b')).toMatchObject({ state: 'conflict', current: { status: 'rejected', decided_by: { account: 'tenant_admin' } } });
    expect(map.get('c')).toMatchObject({ state: 'needs_edit', action: 'reject', reason: '不同意', description: '驳回原因不能为空' });
  });

  it('a conflict with the approver’s own identical decision is not a conflict to show', () => {
    const mine = { ...current, status: 'approved', decided_by: { id: 'me', account: 'approver', nickname: '审批人 张伟' } };
    const s = syncByApproval([entry(1, 'b', { state: 'conflict', serverState: { current: mine } })]).get('b')!;
    expect(decidedByMe(s, '审批人 张伟')).toBe(true);
    expect(decidedByMe(s, '华东制造 管理员 李娜')).toBe(false);
  });

  it('an approval on its way from the undo bar to the outbox shows as queued until its entry is there', () => {
    const since = 5000;
    // b failed earlier and was approved again: its old entry does not count; c's entry was made since.
    const sync = syncByApproval([entry(1, 'b', { state: 'failed', createdAt: 1000 }), entry(2, 'c', { createdAt: 6000 })]);
    const { sync: shown, seen } = withSettling(
      sync,
      new Map([
        ['a', since],
        ['b', since],
        ['c', since],
      ]),
    );
    expect(shown.get('a')).toMatchObject({ state: 'pending', action: 'approve' });
    expect(shown.get('b')).toMatchObject({ state: 'pending' });
    expect(shown.get('c')).toMatchObject({ entryId: 2, state: 'pending' });
    expect(seen).toEqual(['c']);
    // An entry already waiting (a second tap on the same request) counts as there.
    expect(withSettling(syncByApproval([entry(3, 'd', { createdAt: 10 })]), new Map([['d', since]])).seen).toEqual(['d']);
    expect(withSettling(sync, new Map()).sync).toBe(sync);
  });

  it('the badge leaves out decisions queued and not sent yet', () => {
    expect(badgeCount(72, [entry(1, 'a'), entry(2, 'b', { state: 'sending' }), entry(3, 'c', { state: 'sent' }), entry(4, 'a')])).toBe(70);
    expect(badgeCount(1, [entry(1, 'a'), entry(2, 'b')])).toBe(0);
  });
});

describe('inbox refresh while the outbox replays (issue 10)', () => {
  /** Timers run by hand: `advance(ms)` fires what is due, in order. */
  function manualTimers() {
    let now = 0;
    let next = 1;
    const due = new Map<number, { at: number; fn: () => void }>();
    return {
      timers: {
        set: (fn: () => void, ms: number) => {
          due.set(next, { at: now + ms, fn });
          return next++;
        },
        clear: (h: unknown) => void due.delete(h as number),
      },
      advance(ms: number) {
        const end = now + ms;
        for (;;) {
          const first = [...due.entries()].filter(([, d]) => d.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
          if (!first) break;
          due.delete(first[0]);
          now = first[1].at;
          first[1].fn();
        }
        now = end;
      },
    };
  }

  it('a burst of reasons is one refetch', () => {
    const clock = manualTimers();
    let refreshes = 0;
    const gate = createRefreshGate(() => refreshes++, { delayMs: 300, timers: clock.timers });
    gate.request();
    clock.advance(100);
    gate.request();
    gate.request();
    clock.advance(299);
    expect(refreshes).toBe(0);
    clock.advance(1);
    expect(refreshes).toBe(1);
  });

  it('back online with decisions queued: no refetch until the outbox has drained, then one', () => {
    const clock = manualTimers();
    let refreshes = 0;
    const gate = createRefreshGate(() => refreshes++, { delayMs: 300, maxDeferMs: 10_000, timers: clock.timers });
    gate.setWaiting(true, false);
    // Offline, the inbox refreshes from what it has (the request answers from the snapshot).
    gate.request();
    clock.advance(300);
    expect(refreshes).toBe(1);
    // The reconnect, the server's events and the first delivered decisions while the batch runs.
    gate.setWaiting(true, true);
    gate.request();
    clock.advance(2000);
    gate.request();
    clock.advance(2000);
    expect(refreshes).toBe(1);
    gate.setWaiting(false, true);
    clock.advance(300);
    expect(refreshes).toBe(2);
    clock.advance(20_000);
    expect(refreshes).toBe(2);
  });

  it('a refetch planned just before the replay started waits for it too', () => {
    const clock = manualTimers();
    let refreshes = 0;
    const gate = createRefreshGate(() => refreshes++, { delayMs: 300, timers: clock.timers });
    gate.request();
    gate.setWaiting(true, true);
    gate.request();
    clock.advance(1000);
    expect(refreshes).toBe(0);
    gate.setWaiting(false, true);
    clock.advance(300);
    expect(refreshes).toBe(1);
  });

  it('a replay that stops with entries still waiting (session gone, server busy) refetches after the longest wait', () => {
    const clock = manualTimers();
    let refreshes = 0;
    const gate = createRefreshGate(() => refreshes++, { delayMs: 300, maxDeferMs: 10_000, timers: clock.timers });
    gate.setWaiting(true, true);
    gate.request();
    clock.advance(9_999);
    expect(refreshes).toBe(0);
    clock.advance(301);
    expect(refreshes).toBe(1);
    // Unmounted: what was planned does not run.
    gate.request();
    gate.dispose();
    clock.advance(60_000);
    expect(refreshes).toBe(1);
  });
});
