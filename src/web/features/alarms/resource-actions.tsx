// The alarm's resource and what can be done to it from the alarm (issue 28 "from the alarm to the
// host"): its kind's own operations that need no form — restart, stop, start, lock a host; start or
// stop a load balancer; unmount a disk; unbind an EIP — enabled by the kind's state rules, confirmed
// where the kind asks for a warning, and carried out by the resource engine (its guards decide; a
// refusal comes back as its message). Loaded after the alarm has drawn: it reads every kind's list
// model (list-kind.ts), which the alarm's first screen does without.
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { confirm } from '../../ui/light/confirm.tsx';
import { listKindOf } from '../../../domain/kinds/list-kind.ts';
import { actionBlock, quickActions } from '../../../domain/kinds/action-block.ts';
import { kindActionLabel } from '../../lib/kind-labels.ts';

export interface AlarmResource {
  id: string;
  name: string;
  kind: string;
  status: string;
  locked: boolean;
}

/** The kind's operations an alarm offers: `operate` actions without a form. */
function alarmActionsOf(kind: string) {
  const def = listKindOf(kind);
  return def ? { def, actions: quickActions(def) } : null;
}

export default function ResourceActions({
  resource,
  busy,
  run,
}: {
  resource: AlarmResource;
  busy: boolean;
  run: (collection: string, action: string) => void;
}) {
  const { t } = useTranslation();
  const found = alarmActionsOf(resource.kind);
  if (!found || !found.actions.length) return null;
  const { def, actions } = found;
  const go = async (id: string, warn: boolean) => {
    const label = kindActionLabel(t, def.kind, id);
    if (warn) {
      const ok = await confirm({
        content: t('alarms:resource_actions.confirm', { action: label, name: resource.name }),
        confirmText: label,
        cancelText: t('alarms:common.cancel'),
      });
      if (!ok) return;
    }
    run(def.collection, id);
  };
  return (
    <>
      <h3 className="ys-al-sub">{t('alarms:resource_actions.title', { kind: t(`kinds:${def.kind}.name`) })}</h3>
      <div className="ys-al-actions" data-testid="alarm-resource-actions">
        {actions.map((a) => (
          <Button
            key={a.id}
            color={a.dialog === 'warning' ? 'warning' : 'default'}
            disabled={busy || actionBlock(def, a, resource) !== null}
            onClick={() => void go(a.id, a.dialog === 'warning')}
          >
            {kindActionLabel(t, def.kind, a.id)}
          </Button>
        ))}
      </div>
    </>
  );
}
