// Whether a value fits a parameter as its engine describes it (type, range, choices); pure, so the
// refusal names the rule before the engine is asked (ADR 0058).
import type { EngineParam } from './engine-sql.ts';

export type ValueProblem = { rule: 'bool' | 'integer' | 'number' | 'range' | 'enum' | 'empty'; params: Record<string, string | number> };

export function checkValue(p: EngineParam, value: string): ValueProblem | undefined {
  if (value === '' && p.type !== 'set') return { rule: 'empty', params: {} };
  switch (p.type) {
    case 'bool':
      return /^(on|off|true|false|1|0)$/i.test(value) ? undefined : { rule: 'bool', params: {} };
    case 'integer':
      if (!/^-?\d+$/.test(value)) return { rule: 'integer', params: {} };
      return inRange(p, Number(value));
    case 'real':
      if (!/^-?\d+(\.\d+)?$/.test(value)) return { rule: 'number', params: {} };
      return inRange(p, Number(value));
    case 'enum':
      return p.options?.some((o) => o.toLowerCase() === value.toLowerCase()) ? undefined : { rule: 'enum', params: { options: (p.options ?? []).join('、') } };
    case 'set': {
      const bad = value
        .split(',')
        .filter(Boolean)
        .find((v) => !p.options?.some((o) => o.toLowerCase() === v.trim().toLowerCase()));
      return bad === undefined || !p.options ? undefined : { rule: 'enum', params: { options: p.options.join('、') } };
    }
    default:
      return undefined;
  }
}

function inRange(p: EngineParam, n: number): ValueProblem | undefined {
  if ((p.min !== null && n < p.min) || (p.max !== null && n > p.max)) return { rule: 'range', params: { min: p.min ?? '-', max: p.max ?? '-' } };
  return undefined;
}
