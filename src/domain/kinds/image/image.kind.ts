// Images (images: publicImage, customImage, isoImage). Public images are the platform's and
// read-only for tenants; custom and ISO images are uploaded: uploading → pending review → review
// passed (importing) → upload success, or review failed / upload failed. An ISO image mounts on
// hosts of a private cloud (public clouds answer 「公有云不支持该操作」).
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const IMAGE_TYPES = ['public', 'custom', 'iso'] as const;
export const OS_TYPES = ['linux', 'windows'] as const;
export const IMAGE_FORMATS = ['qcow2', 'raw', 'vmdk', 'vhd', 'iso'] as const;

const UPLOADED = ['upload_success'] as const;

export const imageKind = defineKind({
  kind: 'image',
  collection: 'images',
  productCode: 'image',
  menuOrder: 100,
  routes: { list: 'images_customImage', detail: 'ecsImagesDetail', others: ['images', 'images_publicImage', 'images_isoImage', 'isoImagesDetail'] },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    { key: 'image_type', source: 'spec', type: 'enum', options: IMAGE_TYPES },
    { key: 'os_type', source: 'spec', type: 'enum', options: OS_TYPES },
    { key: 'os_version', source: 'spec', type: 'text' },
    { key: 'format', source: 'spec', type: 'enum', options: IMAGE_FORMATS },
    { key: 'file_url', source: 'spec', type: 'text' },
    { key: 'min_disk', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'min_memory', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'review_reason', source: 'spec', type: 'text' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'image_type', display: true },
    { field: 'os_type', display: true },
    { field: 'os_version', display: true },
    { field: 'format', display: true },
    { field: 'min_disk', display: false },
    C.vendor,
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    Q.provider,
    { param: 'image_type', source: 'spec', key: 'image_type', type: 'enum' },
    { param: 'os_type', source: 'spec', key: 'os_type', type: 'enum' },
  ],
  statuses: {
    stable: ['pending_review', 'upload_success'],
    // review_success: the review passed and the file is being imported (upload success or failed next)
    inBetween: ['uploading', 'review_success', 'deleting'],
    failure: ['review_failed', 'upload_failed'],
  },
  create: { inBetween: 'uploading', final: 'pending_review', failStatus: 'upload_failed' },
  placement: 'own',
  readOnly: { specKey: 'image_type', values: ['public'], refusalKey: 'refusals.image.public_read_only' },
  actions: [
    {
      id: 'approve',
      allowedFrom: ['pending_review'],
      inBetween: 'review_success',
      final: 'upload_success',
      failStatus: 'upload_failed',
      refusalKey: 'refusals.image.review',
      permission: 'update',
      dialog: 'enable',
    },
    {
      id: 'reject',
      allowedFrom: ['pending_review'],
      inBetween: null,
      final: 'review_failed',
      refusalKey: 'refusals.image.review',
      permission: 'update',
      dialog: 'disable',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['review_reason'] }],
    },
    {
      id: 'reupload',
      allowedFrom: ['review_failed', 'upload_failed'],
      inBetween: 'uploading',
      final: 'pending_review',
      failStatus: 'upload_failed',
      refusalKey: 'refusals.image.reupload',
      permission: 'update',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['file_url', 'review_reason'] }],
    },
    {
      id: 'mount',
      allowedFrom: [...UPLOADED],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.image.mount',
      permission: 'operate',
      hasParams: true,
      guards: [
        { type: 'private_cloud', refusalKey: 'public_cloud_unsupported' },
        { type: 'target', param: 'instance_id', kind: 'instance', allowedFrom: ['running', 'stopped'], refusalKey: 'refusals.image.no_mountable_host' },
      ],
      effects: [{ type: 'link', relation: 'iso_mounted_on', param: 'instance_id' }],
    },
    {
      id: 'unmount',
      allowedFrom: [...UPLOADED],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.image.unmount',
      permission: 'operate',
      dialog: 'warning',
      hasParams: true,
      effects: [{ type: 'unlink_param', relation: 'iso_mounted_on', param: 'instance_id' }],
    },
    {
      id: 'delete',
      allowedFrom: ['pending_review', 'review_failed', 'upload_success', 'upload_failed'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.image.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
      guards: [{ type: 'no_links', relation: 'iso_mounted_on', direction: 'out', refusalKey: 'refusals.image.delete_mounted' }],
    },
  ],
  relations: [{ relation: 'iso_mounted_on', direction: 'out', kind: 'instance', many: true }],
  recycle: false,
  priced: false,
});
