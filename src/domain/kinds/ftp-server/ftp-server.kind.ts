// FTP storage gateway (ftpServer, ftpServerDetail, ftpServerBuy): an FTP service in front of a storage
// quota, with one account (3–16 characters) and its password (6–8, seed 001 §6). The password is a
// secret of the kind: the engine seals it and never answers it; the detail shows 已设置（已隐藏）.
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const FTP_ACCOUNT_MIN = 3;
export const FTP_ACCOUNT_MAX = 16;
export const FTP_PASSWORD_MIN = 6;
export const FTP_PASSWORD_MAX = 8;
export const FTP_DEFAULT_PORT = 21;

export const ftpServerKind = defineKind({
  kind: 'ftp_server',
  collection: 'ftp-servers',
  productCode: 'ftp_server',
  menuOrder: 428,
  menu: { group: 'storage', code: 'ftp_server', icon: 'folder' },
  routes: { list: 'ftpServer', detail: 'ftpServerDetail', buy: 'ftpServerBuy' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    { key: 'account', source: 'spec', type: 'text' },
    { key: 'password_state', source: 'spec', type: 'enum', options: ['set'] },
    { key: 'size', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'port', source: 'spec', type: 'number' },
    F.charging,
    F.billing,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'account', display: true },
    { field: 'size', display: true },
    { field: 'port', display: false },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider],
  statuses: { stable: ['running', 'stopped'], inBetween: ['creating', 'starting', 'stopping', 'updating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'running' },
  placement: 'own',
  secret: ['password'],
  derive: (spec) => ({ port: spec.port ?? FTP_DEFAULT_PORT, password_state: 'set' }),
  actions: [
    {
      id: 'start',
      allowedFrom: ['stopped'],
      inBetween: 'starting',
      final: 'running',
      refusalKey: 'refusals.ftp_server.start',
      permission: 'operate',
      batch: true,
    },
    {
      id: 'stop',
      allowedFrom: ['running'],
      inBetween: 'stopping',
      final: 'stopped',
      refusalKey: 'refusals.ftp_server.stop',
      permission: 'operate',
      batch: true,
      dialog: 'warning',
    },
    {
      id: 'reset_password',
      allowedFrom: ['running', 'stopped'],
      inBetween: 'updating',
      final: SAME,
      refusalKey: 'refusals.generic.edit',
      permission: 'operate',
      hasParams: true,
    },
    {
      id: 'delete',
      allowedFrom: ['running', 'stopped', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
    },
  ],
  relations: [],
  recycle: false,
  priced: true,
  prices: { year: { fen: 5000, unit: '元/个/月' }, quantity: { fen: 8, unit: '元/个/小时' } },
});
