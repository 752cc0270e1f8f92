// Asset import (issue 30): choose an .xlsx filled from the template, the server creates each row
// through the engine and answers a result per row, which assetImportResult shows — created rows
// linking to their asset, refused rows with the reason and the row number to fix in the sheet. The
// last result is kept for the browser tab (sessionStorage), so going back to it shows it again.
import { useRef, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { download, upload } from '../../lib/request.ts';
import './asset-import.css';

interface ImportRow {
  row: number;
  name: string;
  asset_no: string;
  ok: boolean;
  id?: string;
  error?: string;
}
interface ImportResult {
  file: string;
  total: number;
  created: number;
  failed: number;
  rows: ImportRow[];
}

const KEY = 'ys-asset-import-result';
const readResult = (): ImportResult | null => {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as ImportResult | null;
  } catch {
    return null;
  }
};

/** The file picker and the template link; after an import, the result page. */
function ImportButtons() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const result = await upload<ImportResult>('v1/assets/import', file, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
      sessionStorage.setItem(KEY, JSON.stringify(result));
      void navigate('/assetImportResult', { state: { at: Date.now() } });
    } catch {
      /* the refusal is shown by upload() */
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ys-asset-import__bar">
      <button
        type="button"
        className="ys-btn ys-btn--primary ys-asset-import__btn"
        disabled={busy}
        onClick={() => input.current?.click()}
        data-testid="asset-import"
      >
        {busy ? t('kinds:asset.import.busy') : t('kinds:asset.import.choose')}
      </button>
      <input
        ref={input}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        onChange={onFile}
        data-testid="asset-import-file"
      />
      <button type="button" className="ys-btn ys-asset-import__btn" onClick={() => void download('GET', 'v1/assets/import-template').catch(() => undefined)}>
        {t('kinds:asset.import.template')}
      </button>
    </div>
  );
}

export function AssetImportBar() {
  return <ImportButtons />;
}

export function AssetImportResultPage() {
  const { t } = useTranslation();
  const result = readResult();
  return (
    <section className="ys-asset-import" aria-labelledby="asset-import-title">
      <h1 id="asset-import-title" className="ys-asset-import__title">
        {t('kinds:asset.import.title')}
      </h1>
      {!result ? (
        <p className="ys-asset-import__lead">{t('kinds:asset.import.none')}</p>
      ) : (
        <>
          <p className="ys-asset-import__lead" data-testid="asset-import-summary">
            {t('kinds:asset.import.summary', { file: result.file, total: result.total, created: result.created, failed: result.failed })}
          </p>
          <ol className="ys-asset-import__rows">
            {result.rows.map((r) => (
              <li key={r.row} className={r.ok ? 'is-ok' : 'is-failed'} data-testid="asset-import-row">
                <span className="ys-asset-import__row">{t('kinds:asset.import.row', { row: r.row })}</span>
                <span className="ys-asset-import__name">
                  {r.ok && r.id ? <Link to={`/assetDetail/${r.id}`}>{r.name}</Link> : r.name || '-'}
                  {r.asset_no ? <small>{r.asset_no}</small> : null}
                </span>
                <span className="ys-asset-import__result">{r.ok ? t('kinds:asset.import.ok') : r.error}</span>
              </li>
            ))}
          </ol>
        </>
      )}
      <ImportButtons />
      <p>
        <Link className="ys-asset-import__back" to="/assetManage">
          {t('kinds:asset.import.back')}
        </Link>
      </p>
    </section>
  );
}
