// A bucket's 文件 tab (/ossBucketsDetail/file/<id>?prefix=a/b/): the folder's first 50 entries,
// folders first, then 加载更多; breadcrumbs back up; 新建文件夹 with the path rules checked as typed;
// 上传文件 from the phone's files or camera with each file's progress; download and a confirmed delete.
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ActionSheet, Button, ProgressBar, Skeleton } from 'antd-mobile';
import { FileOutline, FolderOutline, MoreOutline } from 'antd-mobile-icons';
import type { TFunction } from 'i18next';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import type { DetailTabProps } from '../../ui/detail-tab-props.ts';
import { byteSize } from '../../lib/byte-size.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { bucketKeys, listObjects, type OssObject } from './bucket-api.ts';
import { BucketFrame, NoBucket, OssState, useOssTexts, when } from './bucket-frame.tsx';
import { useFileActions, type Upload } from './file-actions.ts';
import { NewFolderSheet } from './new-folder.tsx';

function Crumbs({ prefix, root, go }: { prefix: string; root: string; go: (p: string) => void }) {
  const parts = prefix.split('/').filter(Boolean);
  return (
    <nav className="ys-ossb__crumbs" aria-label={root} data-testid="file-crumbs">
      <button type="button" onClick={() => go('')} aria-current={parts.length ? undefined : 'page'}>
        {root}
      </button>
      {parts.map((p, i) => (
        <span key={i} className="ys-ossb__crumb">
          <span aria-hidden="true">/</span>
          <button type="button" onClick={() => go(`${parts.slice(0, i + 1).join('/')}/`)} aria-current={i === parts.length - 1 ? 'page' : undefined}>
            {p}
          </button>
        </span>
      ))}
    </nav>
  );
}

function UploadRows({ uploads, t }: { uploads: Upload[]; t: TFunction }) {
  if (!uploads.length) return null;
  return (
    <ul className="ys-ossb__uploads" data-testid="file-uploads">
      {uploads.map((u) => (
        <li key={u.id} data-state={u.state}>
          <span className="ys-ossb__upname">{u.name}</span>
          <ProgressBar percent={u.percent} className="ys-ossb__progress" />
          <small className={u.state === 'failed' ? 'ys-ossb__bad' : undefined}>{t(`oss:files.upload_${u.state}`, { percent: u.percent })}</small>
        </li>
      ))}
    </ul>
  );
}

type Act = ReturnType<typeof useFileActions>;

function EntryName({ o, open }: { o: OssObject; open: (o: OssObject) => void }) {
  const folder = o.type === 'folder';
  return folder ? (
    <button type="button" className="ys-ossb__entry" onClick={() => open(o)} data-testid="file-folder">
      <FolderOutline className="ys-ossb__icon ys-ossb__icon--folder" aria-hidden="true" />
      <span>{o.name}</span>
    </button>
  ) : (
    <span className="ys-ossb__entry" data-testid="file-object">
      <FileOutline className="ys-ossb__icon" aria-hidden="true" />
      <span>{o.name}</span>
    </span>
  );
}

function PhoneRows({ rows, act, open, t }: { rows: OssObject[]; act: Act; open: (o: OssObject) => void; t: TFunction }) {
  const [sheet, setSheet] = useState<OssObject | null>(null);
  return (
    <>
      <ul className="ys-ossb__files" data-testid="file-list">
        {rows.map((o) => (
          <li key={o.key} data-name={o.name}>
            <div className="ys-ossb__filemain">
              <EntryName o={o} open={open} />
              <small className="ys-ossb__muted">{o.type === 'folder' ? t('oss:files.folder') : `${byteSize(o.size)} · ${when(o.updated_at)}`}</small>
            </div>
            <button
              type="button"
              className="ys-ossb__more"
              aria-label={t('oss:files.more', { name: o.name })}
              onClick={() => setSheet(o)}
              data-testid="file-more"
            >
              <MoreOutline fontSize={20} />
            </button>
          </li>
        ))}
      </ul>
      <ActionSheet
        visible={sheet !== null}
        onClose={() => setSheet(null)}
        cancelText={t('oss:cancel')}
        extra={sheet?.name}
        actions={[
          ...(sheet?.type === 'file' ? [{ key: 'download', text: t('oss:files.download'), onClick: () => void act.download(sheet) }] : []),
          ...(sheet?.type === 'folder' ? [{ key: 'open', text: t('oss:files.open'), onClick: () => open(sheet) }] : []),
          { key: 'delete', text: t('oss:delete'), danger: true, onClick: () => sheet && void act.remove(sheet) },
        ]}
        onAction={() => setSheet(null)}
      />
    </>
  );
}

function TableRows({ rows, act, open, t }: { rows: OssObject[]; act: Act; open: (o: OssObject) => void; t: TFunction }) {
  return (
    <table className="ys-ossb__table" data-testid="file-table">
      <thead>
        <tr>
          <th>{t('oss:files.name')}</th>
          <th>{t('oss:files.size')}</th>
          <th>{t('oss:files.updated')}</th>
          <th>{t('oss:col.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => (
          <tr key={o.key} data-name={o.name}>
            <td className="ys-ossb__wrap">
              <EntryName o={o} open={open} />
            </td>
            <td>{o.type === 'folder' ? '—' : byteSize(o.size)}</td>
            <td>{o.type === 'folder' ? '—' : when(o.updated_at)}</td>
            <td>
              <div className="ys-ossb__actions">
                {o.type === 'file' ? (
                  <Button size="small" fill="outline" color="primary" onClick={() => void act.download(o)} data-testid="file-download">
                    {t('oss:files.download')}
                  </Button>
                ) : null}
                <Button size="small" fill="outline" color="danger" onClick={() => void act.remove(o)} data-testid="file-delete">
                  {t('oss:delete')}
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The folder shown: in the address (?prefix=) on the file page, in the pane's own state on a tablet's list. */
function usePrefix(embedded: boolean): [string, (p: string) => void] {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState('');
  if (embedded) return [local, setLocal];
  return [params.get('prefix') ?? '', (p: string) => setParams(p ? { prefix: p } : {})];
}

function FileBrowser({ id, embedded = false }: { id: string; embedded?: boolean }) {
  const { t } = useOssTexts();
  const bp = useBreakpoint();
  const [prefix, go] = usePrefix(embedded);
  const [folderOpen, setFolderOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const act = useFileActions(t, id);
  const q = useInfiniteQuery({
    queryKey: bucketKeys.objects(id, prefix),
    queryFn: ({ pageParam }) => listObjects(id, prefix, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  const open = (o: OssObject) => go(o.key.endsWith('/') ? o.key : `${o.key}/`);
  const pick = () => input.current?.click();
  const uploadButton = (
    <Button color="primary" onClick={pick} data-testid="file-upload">
      {t('files.upload')}
    </Button>
  );
  return (
    <section className="ys-ossb__panel" data-testid="file-browser">
      <div className="ys-ossb__toolbar">
        {uploadButton}
        <Button onClick={() => setFolderOpen(true)} data-testid="file-new-folder">
          {t('files.new_folder')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="file-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void act.upload(files, prefix);
          }}
        />
      </div>
      <Crumbs prefix={prefix} root={t('files.root')} go={go} />
      <UploadRows uploads={act.uploads} t={t} />
      {q.isPending ? <Skeleton.Paragraph lineCount={5} animated /> : null}
      <OssState
        loading={false}
        failed={q.isError}
        empty={q.isSuccess && !rows.length}
        emptyText={t(prefix ? 'files.empty_folder' : 'files.empty_bucket')}
        action={uploadButton}
      />
      {rows.length ? (
        bp === 'phone' || embedded ? (
          <PhoneRows rows={rows} act={act} open={open} t={t} />
        ) : (
          <TableRows rows={rows} act={act} open={open} t={t} />
        )
      ) : null}
      {q.hasNextPage ? (
        <Button
          block
          fill="outline"
          loading={q.isFetchingNextPage}
          onClick={() => void q.fetchNextPage()}
          className="ys-ossb__more-btn"
          data-testid="file-load-more"
        >
          {t('files.load_more')}
        </Button>
      ) : null}
      <NewFolderSheet open={folderOpen} bucketId={id} prefix={prefix} onClose={() => setFolderOpen(false)} onDone={() => void act.refresh()} />
    </section>
  );
}

export function FilesPage({ id }: KindPageProps) {
  if (!id) return <NoBucket />;
  return (
    <BucketFrame id={id} tab="file">
      <FileBrowser id={id} />
    </BucketFrame>
  );
}

/** The 文件 tab of a bucket's detail in the tablet's list pane. */
export function FilesDetailTab({ id }: DetailTabProps) {
  return <FileBrowser id={id} embedded />;
}
