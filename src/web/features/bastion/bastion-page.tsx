// fortproperty: bastion-host permissions (issue 15, seed 001 §6, ADR 0030). Per bastion-host user
// the hosts they may reach with 上传 / 下载 chips — cards below 1200px, a table from 1200px — and a
// sheet to edit one user's hosts with 文件上传 / 文件下载 per host. Unticking both on a host the user
// holds warns that the access is revoked, and saving asks to confirm the revocations.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Dialog, DotLoading, ErrorBlock, Input, Popup, Toast } from 'antd-mobile';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { listBastionHosts, listBastionUsers, setBastionPermissions, type BastionGrant, type BastionHost, type BastionUser, type Selection } from './api.ts';
import './bastion.css';
import { bastionKeys } from './query-keys.ts';

function HostLabel({ host }: { host: BastionHost }) {
  const { t } = useTranslation('bastion');
  return (
    <span className="ys-bastion__host">
      <span className="ys-bastion__host-name">{host.name}</span>
      <span className="ys-bastion__ip">{host.ip ?? t('no_ip')}</span>
    </span>
  );
}

function Chips({ g }: { g: { upload: boolean; download: boolean } }) {
  const { t } = useTranslation('bastion');
  return (
    <span className="ys-bastion__chips">
      {g.upload ? (
        <span className="ys-bastion__chip ys-bastion__chip--up" data-testid="chip-upload">
          {t('right.upload')}
        </span>
      ) : null}
      {g.download ? (
        <span className="ys-bastion__chip ys-bastion__chip--down" data-testid="chip-download">
          {t('right.download')}
        </span>
      ) : null}
    </span>
  );
}

function GrantList({ grants }: { grants: BastionGrant[] }) {
  const { t } = useTranslation('bastion');
  if (!grants.length) return <p className="ys-bastion__muted">{t('no_hosts')}</p>;
  return (
    <ul className="ys-bastion__grants">
      {grants.map((g) => (
        <li key={g.id} className="ys-bastion__grant" data-testid="bastion-grant" data-host={g.host.name}>
          <HostLabel host={g.host} />
          <Chips g={g} />
        </li>
      ))}
    </ul>
  );
}

type Draft = Record<string, { upload: boolean; download: boolean }>;

function EditSheet({ user, onClose, onSaved }: { user: BastionUser | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('bastion');
  const hosts = useQuery({ queryKey: bastionKeys.hosts(), queryFn: listBastionHosts, enabled: Boolean(user) });
  const original = useMemo<Draft>(() => Object.fromEntries((user?.grants ?? []).map((g) => [g.host.id, { upload: g.upload, download: g.download }])), [user]);
  const [draft, setDraft] = useState<Draft>({});
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);
  const current = (id: string) => draft[id] ?? original[id] ?? { upload: false, download: false };
  const toggle = (id: string, right: 'upload' | 'download', on: boolean) => setDraft((d) => ({ ...d, [id]: { ...current(id), [right]: on } }));
  const close = () => {
    setDraft({});
    setFilter('');
    onClose();
  };
  const list = (hosts.data?.data ?? []).filter((h) => !filter.trim() || h.name.includes(filter.trim()) || (h.ip ?? '').includes(filter.trim()));

  const save = async () => {
    if (!user) return;
    const changes: Selection[] = Object.entries(draft)
      .filter(([id, s]) => {
        const o = original[id] ?? { upload: false, download: false };
        return o.upload !== s.upload || o.download !== s.download;
      })
      .map(([host_id, s]) => ({ host_id, upload: s.upload, download: s.download }));
    if (!changes.length) {
      Toast.show({ content: t('edit.nothing_changed') });
      return;
    }
    const revoked = changes.filter((c) => !c.upload && !c.download);
    if (revoked.length) {
      const names = revoked.map((c) => (hosts.data?.data ?? []).find((h) => h.id === c.host_id)?.name ?? '').join('、');
      const ok = await Dialog.confirm({
        title: t('edit.confirm_title'),
        content: <span data-testid="bastion-revoke-confirm">{t('edit.confirm_body', { hosts: names })}</span>,
        confirmText: t('edit.confirm_ok'),
        cancelText: t('edit.cancel'),
      });
      if (!ok) return;
    }
    setBusy(true);
    try {
      await setBastionPermissions(user.id, changes);
      Toast.show({ icon: 'success', content: t('edit.saved') });
      close();
      onSaved();
    } catch {
      // the request helper showed the server's notice
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible={Boolean(user)} onMaskClick={close} bodyClassName="ys-bastion__sheet" destroyOnClose>
      {user ? (
        <div className="ys-bastion__form" data-testid="bastion-sheet">
          <h2 className="ys-bastion__h2">{t('edit.title')}</h2>
          <p className="ys-bastion__muted">{t('edit.for', { name: user.nickname, account: user.account })}</p>
          <Input className="ys-bastion__search" value={filter} onChange={setFilter} placeholder={t('edit.search')} clearable aria-label={t('edit.search')} />
          <div className="ys-bastion__hosts">
            {hosts.isPending ? (
              <div role="status">
                <DotLoading /> {t('loading')}
              </div>
            ) : list.length === 0 ? (
              <p className="ys-bastion__muted">{t('edit.no_match')}</p>
            ) : (
              list.map((h) => {
                const s = current(h.id);
                const revoking = Boolean(original[h.id]) && !s.upload && !s.download;
                return (
                  <div key={h.id} className="ys-bastion__row" data-testid="bastion-host-row" data-host={h.name}>
                    <div className="ys-bastion__row-head">
                      <HostLabel host={h} />
                      {h.project_name ? <span className="ys-bastion__muted">{h.project_name}</span> : null}
                    </div>
                    <div className="ys-bastion__checks">
                      <Checkbox className="ys-bastion__check" checked={s.upload} onChange={(v) => toggle(h.id, 'upload', v)} data-testid="check-upload">
                        {t('edit.upload')}
                      </Checkbox>
                      <Checkbox className="ys-bastion__check" checked={s.download} onChange={(v) => toggle(h.id, 'download', v)} data-testid="check-download">
                        {t('edit.download')}
                      </Checkbox>
                    </div>
                    {revoking ? (
                      <p className="ys-bastion__warn" role="alert" data-testid="bastion-revoke-warning">
                        {t('edit.revoke_warning')}
                      </p>
                    ) : null}
                  </div>
                );
              })
            )}
          </div>
          <div className="ys-bastion__actions">
            <Button onClick={close}>{t('edit.cancel')}</Button>
            <Button color="primary" loading={busy} onClick={() => void save()} data-testid="bastion-save">
              {t('edit.save')}
            </Button>
          </div>
        </div>
      ) : null}
    </Popup>
  );
}

export default function BastionPage() {
  const handle = usePageHandle();
  const { t } = useTranslation('bastion');
  const qc = useQueryClient();
  const users = useQuery({ queryKey: bastionKeys.users(), queryFn: listBastionUsers });
  const [editing, setEditing] = useState<BastionUser | null>(null);
  const rows = users.data?.data ?? [];
  const edit = (u: BastionUser) => (
    <Button size="small" className="ys-bastion__edit" onClick={() => setEditing(u)} data-testid="bastion-edit">
      {t('edit.button')}
    </Button>
  );
  return (
    <PageFrame name={handle?.name ?? 'fortproperty'} className="ys-bastion">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-page__title">{t('title')}</h1>
      <p className="ys-bastion__muted">{t('hint')}</p>
      {users.isPending ? (
        <div role="status">
          <DotLoading /> {t('loading')}
        </div>
      ) : users.isError ? (
        <ErrorBlock status="default" title={t('load_failed')} description="">
          <Button onClick={() => void users.refetch()}>{t('retry')}</Button>
        </ErrorBlock>
      ) : rows.length === 0 ? (
        <p className="ys-bastion__muted">{t('empty_users')}</p>
      ) : (
        <>
          <div className="ys-bastion__cards">
            {rows.map((u) => (
              <section key={u.id} className="ys-bastion__card" data-testid="bastion-card" data-account={u.account} aria-label={u.nickname}>
                <div className="ys-bastion__card-head">
                  <div>
                    <strong>{u.nickname}</strong>
                    <div className="ys-bastion__muted">{u.account}</div>
                  </div>
                  {edit(u)}
                </div>
                <GrantList grants={u.grants} />
              </section>
            ))}
          </div>
          <div className="ys-bastion__table-wrap">
            <table className="ys-bastion__table" data-testid="bastion-table">
              <thead>
                <tr>
                  <th scope="col">{t('col.user')}</th>
                  <th scope="col">{t('col.account')}</th>
                  <th scope="col">{t('col.hosts')}</th>
                  <th scope="col">{t('col.count')}</th>
                  <th scope="col">{t('col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((u) => (
                  <tr key={u.id} data-testid="bastion-row" data-account={u.account}>
                    <td>{u.nickname}</td>
                    <td>{u.account}</td>
                    <td>
                      <GrantList grants={u.grants} />
                    </td>
                    <td>{t('host_count', { n: u.grants.length })}</td>
                    <td>{edit(u)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <EditSheet user={editing} onClose={() => setEditing(null)} onSaved={() => void qc.invalidateQueries({ queryKey: bastionKeys.users() })} />
    </PageFrame>
  );
}
