// 插件 (databaseDetail_plugin, ADR 0058): PostgreSQL extensions the server offers, installed into the
// instance's database or dropped from it (uninstall asks first); MySQL plugins of the server, read only.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog, Tag, Toast } from 'antd-mobile';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { useWide } from './admin-frame.tsx';
import { O, OpsFrame, OpsState, refusalText } from './ops-frame.tsx';
import { installPlugin, listPlugins, opsKeys, uninstallPlugin, type DbPlugin } from './ops-api.ts';

const G = `${O}.plugins`;
const BUILT_IN = new Set(['plpgsql']);

function StatusOf({ p }: { p: DbPlugin }) {
  const { t } = useTranslation();
  const on = Boolean(p.installed_version);
  return (
    <Tag color={on ? 'success' : 'default'} fill="outline" data-status={p.status}>
      {t(`${G}.status.${on ? 'installed' : p.status === 'available' ? 'available' : 'inactive'}`)}
    </Tag>
  );
}

function PluginsBody({ id }: { id: string }) {
  const { t } = useTranslation();
  const wide = useWide();
  const client = useQueryClient();
  const q = useQuery({ queryKey: opsKeys.plugins(id), queryFn: () => listPlugins(id) });
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<DbPlugin | null>(null);
  if (q.isPending) return <OpsState loading text={t(`${O}.loading`)} />;
  if (q.isError) return <OpsState text={refusalText(q.error, t(`${O}.failed_load`))} />;
  const { data: rows, manageable } = q.data;
  const run = async (p: DbPlugin, install: boolean) => {
    setBusy(p.name);
    try {
      await (install ? installPlugin(id, p.name) : uninstallPlugin(id, p.name));
      Toast.show({ content: t(install ? `${G}.installed_ok` : `${G}.uninstalled_ok`, { name: p.name }) });
      await client.invalidateQueries({ queryKey: opsKeys.plugins(id) });
    } catch (e) {
      Toast.show({ content: refusalText(e, t(`${O}.failed`)), duration: 5000 });
    } finally {
      setBusy(null);
    }
  };
  const action = (p: DbPlugin) => {
    if (!manageable || BUILT_IN.has(p.name)) return null;
    return p.installed_version ? (
      <button
        type="button"
        className="ys-ops__act ys-ops__act--danger"
        disabled={busy === p.name}
        onClick={() => setConfirm(p)}
        data-testid={`plugin-uninstall-${p.name}`}
      >
        {t(`${G}.uninstall`)}
      </button>
    ) : (
      <button type="button" className="ys-ops__act" disabled={busy === p.name} onClick={() => void run(p, true)} data-testid={`plugin-install-${p.name}`}>
        {busy === p.name ? t(`${G}.installing`) : t(`${G}.install`)}
      </button>
    );
  };
  const installed = rows.filter((p) => p.installed_version).length;
  return (
    <>
      <p className="ys-ops__note">{manageable ? t(`${G}.hint_pg`, { installed, total: rows.length }) : t(`${G}.hint_mysql`, { total: rows.length })}</p>
      {!rows.length ? (
        <OpsState text={t(`${G}.empty`)} />
      ) : wide ? (
        <table className="ys-ops__table" data-testid="plugins-table">
          <thead>
            <tr>
              <th>{t(`${G}.name`)}</th>
              <th>{t(`${G}.version`)}</th>
              <th>{t(`${G}.state`)}</th>
              <th>{t(`${G}.description`)}</th>
              {manageable ? <th>{t(`${O}.actions`)}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.name} data-plugin={p.name}>
                <td className="ys-ops__mono">{p.name}</td>
                <td className="ys-ops__mono">{p.installed_version ?? p.version ?? '—'}</td>
                <td>
                  <StatusOf p={p} />
                </td>
                <td className="ys-ops__desc">{p.description || '—'}</td>
                {manageable ? <td>{action(p)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div className="ys-ops__cards" data-testid="plugins-cards">
          {rows.map((p) => (
            <article key={p.name} className="ys-ops__card" data-plugin={p.name}>
              <div className="ys-ops__card-top">
                <span className="ys-ops__mono ys-ops__strong">{p.name}</span>
                <StatusOf p={p} />
              </div>
              <div className="ys-ops__kv">
                <span>{t(`${G}.version`)}</span>
                <span className="ys-ops__mono">{p.installed_version ?? p.version ?? '—'}</span>
              </div>
              {p.description ? <p className="ys-ops__desc">{p.description}</p> : null}
              {action(p) ? <div className="ys-ops__card-actions">{action(p)}</div> : null}
            </article>
          ))}
        </div>
      )}
      <Dialog
        visible={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t(`${G}.uninstall_title`)}
        content={t(`${G}.uninstall_confirm`, { name: confirm?.name ?? '' })}
        actions={[
          [
            { key: 'cancel', text: t(`${O}.cancel`), onClick: () => setConfirm(null) },
            {
              key: 'ok',
              text: t(`${G}.uninstall`),
              danger: true,
              bold: true,
              onClick: () => {
                const p = confirm;
                setConfirm(null);
                if (p) void run(p, false);
              },
            },
          ],
        ]}
      />
    </>
  );
}

export function PluginsPage({ id }: KindPageProps<true>) {
  return (
    <OpsFrame id={id} page="databaseDetail_plugin">
      {() => <PluginsBody id={id} />}
    </OpsFrame>
  );
}
