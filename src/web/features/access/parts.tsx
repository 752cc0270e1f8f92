// Shared pieces of the access pages: labels for roles and permission strings, the sheet (bottom on
// phones, side panel wider), a card list and the one-time temporary password dialog.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, Popup, Tag } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useBreakpoint } from '../../lib/hooks.ts';
import { parsePermission } from '../../../domain/roles.ts';
import './access.css';

/** 查看 · 用户（本租户/项目） for `read:user:own`. */
export function permissionLabel(t: TFunction, p: string): string {
  const parsed = parsePermission(p);
  if (!parsed) return p;
  return `${t(`access:actions.${parsed.action}`)} · ${t(`access:entities.${parsed.entity}`)}（${t(`access:access_scope.${parsed.access}`)}）`;
}

export function RoleTags({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation('access');
  if (!roles.length) return <span className="ys-acc__muted">{t('user.none')}</span>;
  return (
    <span className="ys-acc__tags">
      {roles.map((r) => (
        <Tag key={r} color="primary" fill="outline">
          {t(`roles.${r}`)}
        </Tag>
      ))}
    </span>
  );
}

export function Sheet({ open, onClose, children, testId }: { open: boolean; onClose: () => void; children: ReactNode; testId?: string }) {
  const bp = useBreakpoint();
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      position={bp === 'phone' ? 'bottom' : 'right'}
      bodyStyle={bp === 'phone' ? { maxHeight: '90vh', overflowY: 'auto', borderRadius: '12px 12px 0 0' } : { width: 480, overflowY: 'auto' }}
      destroyOnClose
    >
      <div className="ys-acc__sheet" data-testid={testId}>
        {children}
      </div>
    </Popup>
  );
}

export function Card({
  title,
  extra,
  children,
  onClick,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
  onClick?: () => void;
  testId?: string;
}) {
  return (
    <section
      className={`ys-acc__card${onClick ? ' ys-acc__card--link' : ''}`}
      onClick={onClick}
      onKeyDown={(e) => {
        if (onClick && (e.key === 'Enter' || e.key === ' ')) onClick();
      }}
      role={onClick ? 'button' : undefined}
      tabIndex={onClick ? 0 : undefined}
      data-testid={testId}
    >
      <div className="ys-acc__card-title">
        <span>{title}</span>
        {extra}
      </div>
      {children}
    </section>
  );
}

export function showTemporaryPassword(t: TFunction, password: string) {
  return Dialog.alert({
    title: t('access:user.temp_title'),
    content: (
      <div>
        <p>{t('access:user.temp_once')}</p>
        <p className="ys-acc__password" data-testid="temp-password">
          {password}
        </p>
      </div>
    ),
    confirmText: t('access:group.save'),
  });
}
