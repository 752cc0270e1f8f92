// The bill's export button: queues the .xlsx through the export tasks, shows 表格生成中… with a
// progress bar while the scheduler writes it, then offers the download (also in downloadRecord).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ProgressBar } from 'antd-mobile';
import { billExports, downloadBill, exportBill, type ExportTask, type Level } from './api.ts';

export function BillExport({ level, start, end }: { level: Level; start: string; end: string }) {
  const { t } = useTranslation();
  const [taskId, setTaskId] = useState<string | null>(null);
  const [task, setTask] = useState<ExportTask | null>(null);
  const [progress, setProgress] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!taskId) return;
    let stop = false;
    let tick = 0;
    const poll = async () => {
      while (!stop) {
        // A first look after a second: the writer needs at least that, and the user sees the notice.
        await new Promise((r) => setTimeout(r, 1000));
        if (stop) return;
        const found = (await billExports().catch(() => ({ data: [] as ExportTask[] }))).data.find((x) => x.id === taskId);
        if (stop) return;
        if (found && (found.state === 'done' || found.state === 'failed')) {
          setTask(found);
          setProgress(100);
          return;
        }
        // The writer reports no fraction: the bar creeps towards 90% and completes when the file is there.
        tick++;
        setProgress(Math.min(90, Math.round(90 * (1 - Math.exp(-tick / 8)))));
      }
    };
    void poll();
    return () => {
      stop = true;
    };
  }, [taskId]);

  const start_ = async () => {
    setBusy(true);
    setTask(null);
    setProgress(0);
    try {
      const queued = await exportBill(level, start, end);
      setTaskId(queued.id);
    } finally {
      setBusy(false);
    }
  };
  const running = taskId !== null && task === null;
  return (
    <div className="ys-bill__export" data-testid="bill-export">
      <Button color="primary" fill="outline" loading={busy} disabled={running} onClick={() => void start_()} data-testid="bill-export-button">
        {t('billing:export.button')}
      </Button>
      {running ? (
        <div className="ys-bill__export-progress" role="status" data-testid="bill-export-progress">
          <span>{t('billing:export.generating')}</span>
          <ProgressBar percent={progress} />
        </div>
      ) : null}
      {task?.state === 'done' && task.download_url ? (
        <div className="ys-bill__export-progress" role="status">
          <span>{t('billing:export.ready')}</span>
          <Button
            size="small"
            color="primary"
            data-testid="bill-download"
            onClick={() => void downloadBill(task.download_url!, task.file_name).catch(() => undefined)}
          >
            {t('billing:export.download')}
          </Button>
        </div>
      ) : null}
      {task?.state === 'failed' ? <span className="ys-bill__error">{t('billing:export.failed')}</span> : null}
    </div>
  );
}
