// Parts of the message centre's list: the toolbar (全部已读, 管理 with select-all and delete, the
// settings link) and the messages themselves.
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Checkbox } from 'antd-mobile';
import { shanghaiTime } from '../../../domain/notify.ts';
import type { SiteMessage } from './api.ts';

export function MessageToolbar(p: {
  managing: boolean;
  allSelected: boolean;
  onSelectAll: (on: boolean) => void;
  selectedCount: number;
  onDelete: () => void;
  onDone: () => void;
  total: number;
  onReadAll: () => void;
  onManage: () => void;
  empty: boolean;
}) {
  const { t } = useTranslation('notify');
  const navigate = useNavigate();
  return (
    <div className="ys-msg-toolbar">
      {p.managing ? (
        <>
          <Checkbox checked={p.allSelected} onChange={p.onSelectAll}>
            {t('centre.select_all')}
          </Checkbox>
          <Button size="small" color="danger" disabled={p.selectedCount === 0} onClick={p.onDelete} data-testid="msg-delete-selected">
            {t('centre.delete_selected', { count: p.selectedCount })}
          </Button>
          <Button size="small" onClick={p.onDone}>
            {t('centre.done')}
          </Button>
        </>
      ) : (
        <>
          <Button size="small" color="primary" fill="outline" disabled={p.total === 0} onClick={p.onReadAll} data-testid="msg-read-all">
            {t('centre.mark_all_read')}
          </Button>
          <Button size="small" onClick={p.onManage} disabled={p.empty} data-testid="msg-manage">
            {t('centre.edit')}
          </Button>
          <Button size="small" fill="none" color="primary" onClick={() => navigate('/siteMessasgesSet')} data-testid="msg-settings">
            {t('centre.settings')}
          </Button>
        </>
      )}
    </div>
  );
}

export function MessageItems({
  items,
  managing,
  selected,
  open,
  onOpen,
}: {
  items: SiteMessage[];
  managing: boolean;
  selected: Set<string>;
  open: string | null;
  onOpen: (m: SiteMessage) => void;
}) {
  const { t } = useTranslation('notify');
  return (
    <ul className="ys-msg-items" data-testid="msg-list">
      {items.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            className={`ys-msg-item${m.status === 'unread' ? ' ys-msg-item--unread' : ''}${open === m.id ? ' ys-msg-item--open' : ''}`}
            onClick={() => onOpen(m)}
            data-testid="msg-item"
            data-status={m.status}
          >
            {managing && <Checkbox checked={selected.has(m.id)} className="ys-msg-item__check" />}
            <span className="ys-msg-item__body">
              <span className="ys-msg-item__head">
                {m.status === 'unread' && <Badge content={Badge.dot} className="ys-msg-item__dot" aria-label={t('centre.unread')} />}
                <span className="ys-msg-item__title">{m.title}</span>
              </span>
              <span className="ys-msg-item__content">{m.content}</span>
              <span className="ys-msg-item__meta">
                <span className="ys-msg-item__cat">{t(`categories.${m.category}`, { defaultValue: t('categories.system') })}</span>
                <span>{shanghaiTime(m.created_at)}</span>
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
