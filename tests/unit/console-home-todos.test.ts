// The console home's to-dos (seed 001 §1, issue 28): requests to decide and work orders to confirm,
// each only where the caller has its menu, and their counts as shown.
import { describe, expect, it } from 'vitest';
import { HOME_NOTICES, todoCountText, todoItems } from '../../src/web/features/console-home/home-todos.ts';
import zhCN from '../../locales/zh-CN/home.json' with { type: 'json' };
import zhTW from '../../locales/zh-TW/home.json' with { type: 'json' };

describe('console home to-dos', () => {
  it('lists the approvals and work orders the caller may open, with their counts', () => {
    const all = new Set(['/selfApprovalManage', '/workorderList', '/homeOperation']);
    expect(todoItems(all, { approvals: 4, workorders: 0 }).map((i) => [i.key, i.path, i.count])).toEqual([
      ['approvals', '/selfApprovalManage', 4],
      ['workorders', '/workorderList', 0],
    ]);
    // a member without the approvals menu sees only the work orders
    expect(todoItems(new Set(['/workorderList']), {}).map((i) => i.key)).toEqual(['workorders']);
    expect(todoItems(new Set(), {})).toEqual([]);
  });

  it('shows loading, unknown and large counts in words people read', () => {
    expect([todoCountText(undefined), todoCountText(null), todoCountText(0), todoCountText(12), todoCountText(120)]).toEqual(['…', '-', '0', '12', '99+']);
    expect(HOME_NOTICES).toBe(3);
  });

  it('names each to-do and the notices in both languages', () => {
    for (const l of [zhCN, zhTW]) {
      expect(l.todo.approvals).toBeTruthy();
      expect(l.todo.workorders).toBeTruthy();
      expect(l.notices.title).toBe('最新公告');
    }
    expect(zhTW.todo.approvals).toBe('待我簽核');
  });
});

describe('console home counts', () => {
  it('link each counted kind to its own list (the registry’s routes.list) and label it by a real route', async () => {
    const { COUNTED } = await import('../../src/web/features/console-home/counted-kinds.ts');
    const { kindOf } = await import('../../src/domain/kinds/registry.ts');
    const { ROUTE_TABLE } = await import('../../src/domain/navigation/route-table.ts');
    for (const c of COUNTED) {
      expect(kindOf(c.kind)?.routes.list ?? c.route).toBe(c.list);
      expect(ROUTE_TABLE.some((r) => r.name === c.list)).toBe(true);
      expect(ROUTE_TABLE.some((r) => r.name === c.route)).toBe(true);
    }
  });

  it('the home pages list their own texts, so they do not load every console namespace', async () => {
    const { PAGE_NAMESPACES } = await import('../../src/web/app/pages.ts');
    expect(PAGE_NAMESPACES.homeOperation).toEqual(['home']);
    expect(PAGE_NAMESPACES.cloudResourceGeneral).toEqual(['home']);
  });
});
