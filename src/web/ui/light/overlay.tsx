// Light overlays for the phone first screens (ADR 0034): a bottom/side sheet (`Popup`), a centred
// box (`CenterPopup`), a `Dialog` and an `ActionSheet` with the kit's props, classes and looks
// (its CSS files), animated by CSS transitions instead of the kit's animation library, so the
// inbox and the host list do not load @react-spring/web or @use-gesture/react on their first
// load — and a decision taken offline right after it can still open the reject sheet.
// Accessibility: role=dialog with aria-modal, focus moves in on open and back on close, Escape
// closes, the page behind does not scroll.
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from 'antd-mobile';
import './light.css';

/** How long the CSS transitions of light.css take (ms); the overlay leaves the DOM after it. */
export const LEAVE_MS = 220;

/** Mounted from `visible` until the leave transition is over; `shown` drives the CSS classes. */
function usePresence(visible: boolean): { mounted: boolean; shown: boolean } {
  const [mounted, setMounted] = useState(visible);
  const [shown, setShown] = useState(false);
  if (visible && !mounted) setMounted(true);
  useEffect(() => {
    if (visible) {
      // One frame with the "hidden" styles first, so the transition runs.
      const raf = requestAnimationFrame(() => requestAnimationFrame(() => setShown(true)));
      return () => cancelAnimationFrame(raf);
    }
    setShown(false);
    const timer = window.setTimeout(() => setMounted(false), LEAVE_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);
  return { mounted: mounted || visible, shown: shown && visible };
}

/** The open overlays, innermost last: Escape closes only the innermost (a picker's sheet over the scope sheet). */
const openStack: object[] = [];

/** Focus into `ref` on open and back to what had it on close; Escape calls `onEscape`; no page scroll behind. */
function useModal(open: boolean, ref: React.RefObject<HTMLElement | null>, onEscape?: () => void): void {
  const escape = useRef(onEscape);
  escape.current = onEscape;
  // A passive effect, not a layout one: React puts focus back where it was before a commit once the
  // commit's DOM changes are done, which would undo a focus moved back from a layout effect's cleanup.
  useEffect(() => {
    if (!open) return;
    const token = {};
    openStack.push(token);
    const before = document.activeElement as HTMLElement | null;
    const node = ref.current;
    if (node && !node.contains(document.activeElement)) node.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && escape.current && openStack.at(-1) === token) {
        e.stopPropagation();
        escape.current();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      openStack.splice(openStack.indexOf(token), 1);
      document.body.style.overflow = overflow;
      if (before && document.contains(before)) before.focus({ preventScroll: true });
    };
  }, [open, ref]);
}

export interface PopupProps {
  visible: boolean;
  position?: 'bottom' | 'top' | 'left' | 'right';
  onMaskClick?: () => void;
  onClose?: () => void;
  /** The content always leaves the DOM once closed; kept for the kit's prop list. */
  destroyOnClose?: boolean;
  bodyClassName?: string;
  bodyStyle?: CSSProperties;
  className?: string;
  'aria-label'?: string;
  children?: ReactNode;
}

/** The kit's Popup (bottom sheet or side panel) without its animation library. */
export function Popup({ visible, position = 'bottom', onMaskClick, onClose, bodyClassName, bodyStyle, className, children, ...rest }: PopupProps) {
  const { mounted, shown } = usePresence(visible);
  const body = useRef<HTMLDivElement>(null);
  useModal(visible && mounted, body, onClose ?? onMaskClick);
  if (!mounted) return null;
  return createPortal(
    <div className={`adm-popup ys-light${shown ? ' is-shown' : ''}${className ? ` ${className}` : ''}`}>
      <div className="adm-mask ys-light__mask" aria-hidden="true" onClick={onMaskClick} />
      <div
        ref={body}
        role="dialog"
        aria-modal="true"
        aria-label={rest['aria-label']}
        tabIndex={-1}
        className={`adm-popup-body adm-popup-body-position-${position} ys-light__sheet ys-light__sheet--${position}${bodyClassName ? ` ${bodyClassName}` : ''}`}
        style={bodyStyle}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

export interface CenterPopupProps {
  visible: boolean;
  onMaskClick?: () => void;
  onClose?: () => void;
  closeOnMaskClick?: boolean;
  /** The content always leaves the DOM once closed; kept for the kit's prop list. */
  destroyOnClose?: boolean;
  className?: string;
  bodyClassName?: string;
  /** the kit's CSS variables (`--min-width`, `--max-width` …) or any style of the root */
  style?: CSSProperties & Record<`--${string}`, string>;
  'aria-label'?: string;
  children?: ReactNode;
}

/** The kit's CenterPopup without its animation library. */
export function CenterPopup({ visible, onMaskClick, onClose, closeOnMaskClick, className, bodyClassName, style, children, ...rest }: CenterPopupProps) {
  const { mounted, shown } = usePresence(visible);
  const wrap = useRef<HTMLDivElement>(null);
  useModal(visible && mounted, wrap, onClose ?? onMaskClick);
  if (!mounted) return null;
  return createPortal(
    <div className={`adm-center-popup ys-light${shown ? ' is-shown' : ''}${className ? ` ${className}` : ''}`} style={style}>
      <div
        className="adm-mask adm-center-popup-mask ys-light__mask"
        aria-hidden="true"
        onClick={() => {
          onMaskClick?.();
          if (closeOnMaskClick) onClose?.();
        }}
      />
      <div ref={wrap} className="adm-center-popup-wrap ys-light__box" role="dialog" aria-modal="true" aria-label={rest['aria-label']} tabIndex={-1}>
        <div className={`adm-center-popup-body${bodyClassName ? ` ${bodyClassName}` : ''}`}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}

export interface DialogAction {
  key: string | number;
  text: ReactNode;
  bold?: boolean;
  danger?: boolean;
  disabled?: boolean;
  onClick?: () => void | Promise<void>;
}

export interface DialogProps {
  visible: boolean;
  title?: ReactNode;
  content?: ReactNode;
  /** A row of actions side by side is an inner array, as in the kit. */
  actions?: (DialogAction | DialogAction[])[];
  onClose?: () => void;
  onAction?: (action: DialogAction) => void;
  closeOnAction?: boolean;
  closeOnMaskClick?: boolean;
}

/** The kit's declarative Dialog (title, content, rows of action buttons) without its animation library. */
export function Dialog({ visible, title, content, actions = [], onClose, onAction, closeOnAction, closeOnMaskClick }: DialogProps) {
  const button = (action: DialogAction) => (
    <Button
      key={action.key}
      className={`adm-dialog-button${action.bold ? ' adm-dialog-button-bold' : ''}`}
      fill="none"
      shape="rectangular"
      block
      color={action.danger ? 'danger' : 'primary'}
      disabled={action.disabled}
      onClick={async () => {
        await action.onClick?.();
        onAction?.(action);
        if (closeOnAction) onClose?.();
      }}
    >
      {action.text}
    </Button>
  );
  return (
    <CenterPopup visible={visible} onClose={onClose} closeOnMaskClick={closeOnMaskClick} className="adm-dialog" bodyClassName="adm-dialog-body">
      {title ? (
        <div className="adm-dialog-header">
          <div className="adm-dialog-title">{title}</div>
        </div>
      ) : null}
      <div className={`adm-dialog-content${content ? '' : ' adm-dialog-content-empty'}`}>{content}</div>
      <div className="adm-dialog-footer">
        {actions.map((row, i) =>
          Array.isArray(row) ? (
            <div className="adm-dialog-action-row" key={i}>
              {row.map(button)}
            </div>
          ) : (
            button(row)
          ),
        )}
      </div>
    </CenterPopup>
  );
}

export interface ActionSheetAction {
  key: string | number;
  text: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  description?: ReactNode;
  bold?: boolean;
  onClick?: () => void;
}

export interface ActionSheetProps {
  visible: boolean;
  actions: ActionSheetAction[];
  extra?: ReactNode;
  cancelText?: ReactNode;
  onAction?: (action: ActionSheetAction, index: number) => void;
  onClose?: () => void;
  closeOnAction?: boolean;
  'data-testid'?: string;
}

/** The kit's ActionSheet (a list of actions in a bottom sheet) without its animation library. */
export function ActionSheet({ visible, actions, extra, cancelText, onAction, onClose, closeOnAction, ...rest }: ActionSheetProps) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} className="adm-action-sheet-popup">
      <div className="adm-action-sheet" data-testid={rest['data-testid']}>
        {extra ? <div className="adm-action-sheet-extra">{extra}</div> : null}
        <div className="adm-action-sheet-button-list">
          {actions.map((action, index) => (
            <div key={action.key} className="adm-action-sheet-button-item-wrapper">
              <button
                type="button"
                className={`ys-light__button adm-action-sheet-button-item${action.danger ? ' adm-action-sheet-button-item-danger' : ''}${
                  action.disabled ? ' adm-action-sheet-button-item-disabled' : ''
                }${action.bold ? ' adm-action-sheet-button-item-bold' : ''}`}
                disabled={action.disabled}
                onClick={() => {
                  action.onClick?.();
                  onAction?.(action, index);
                  if (closeOnAction) onClose?.();
                }}
              >
                <div className="adm-action-sheet-button-item-name">{action.text}</div>
                {action.description ? <div className="adm-action-sheet-button-item-description">{action.description}</div> : null}
              </button>
            </div>
          ))}
        </div>
        {cancelText ? (
          <div className="adm-action-sheet-cancel">
            <div className="adm-action-sheet-button-item-wrapper">
              <button type="button" className="ys-light__button adm-action-sheet-button-item" onClick={onClose}>
                <div className="adm-action-sheet-button-item-name">{cancelText}</div>
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </Popup>
  );
}
