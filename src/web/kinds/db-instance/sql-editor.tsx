// The statement's editor: a monospace textarea (no editor library: the phone's budget), the 只读
// switch and 执行 (also Ctrl/⌘ + Enter), one row under the text so nothing floats over the button.
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  ref: Ref<HTMLTextAreaElement>;
  value: string;
  onChange: (v: string) => void;
  readonly: boolean;
  onReadonly: (v: boolean) => void;
  running: boolean;
  onRun: () => void;
}

export function SqlEditor({ ref, value, onChange, readonly, onReadonly, running, onRun }: Props) {
  const { t } = useTranslation();
  return (
    <section className="ys-sql__editor">
      <label className="ys-sql__label" htmlFor="ys-sql-text">
        {t('kinds:db_instance.console.editor')}
      </label>
      <textarea
        id="ys-sql-text"
        ref={ref}
        className="ys-sql__text"
        data-testid="sql-text"
        value={value}
        rows={4}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        autoComplete="off"
        placeholder={t('kinds:db_instance.console.placeholder')}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            onRun();
          }
        }}
      />
      <div className="ys-sql__bar">
        <label className="ys-sql__switch">
          <input type="checkbox" role="switch" data-testid="sql-readonly" checked={readonly} onChange={(e) => onReadonly(e.target.checked)} />
          <span className="ys-sql__track" aria-hidden="true" />
          <span>{t('kinds:db_instance.console.readonly')}</span>
        </label>
        <span className="ys-sql__hint">{t('kinds:db_instance.console.shortcut')}</span>
        <button type="button" className="ys-sql__clear" onClick={() => onChange('')} disabled={!value || running}>
          {t('kinds:db_instance.console.clear')}
        </button>
        <button type="button" className="adm-button adm-button-primary ys-sql__run" data-testid="sql-run" onClick={onRun} disabled={!value.trim() || running}>
          {t(running ? 'kinds:db_instance.console.running' : 'kinds:db_instance.console.run')}
        </button>
      </div>
      {readonly ? (
        <p className="ys-sql__rohint" data-testid="sql-readonly-hint">
          {t('kinds:db_instance.console.readonly_hint')}
        </p>
      ) : null}
    </section>
  );
}
