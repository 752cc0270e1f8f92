// Plain tabs for the phone first screens (ADR 0034): the kit's Tabs and CapsuleTabs props, classes
// and looks (their CSS files) without the animation library (the kit slides its active line and
// scrolls its tab list with @react-spring/web). The active line is the active tab's own underline.
// Keyboard: the tab list is one stop (the active tab); arrows, Home and End move and choose.
import { Children, isValidElement, useRef, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import './light.css';

export interface TabProps {
  title: ReactNode;
  disabled?: boolean;
  children?: ReactNode;
}

/** A tab's declaration; its parent renders it. */
function Tab(_props: TabProps): null {
  return null;
}

export interface TabsProps {
  activeKey: string;
  onChange?: (key: string) => void;
  className?: string;
  /** the kit's default: tabs share the width */
  stretch?: boolean;
  children?: ReactNode;
}

function tabsOf(children: ReactNode): { key: string; props: TabProps }[] {
  const tabs: { key: string; props: TabProps }[] = [];
  Children.forEach(children, (child) => {
    if (isValidElement(child) && typeof child.key === 'string') tabs.push({ key: child.key, props: (child as ReactElement<TabProps>).props });
  });
  return tabs;
}

function TabList({ prefix, activeKey, onChange, className, stretch, children }: TabsProps & { prefix: 'adm-tabs' | 'adm-capsule-tabs' }) {
  const tabs = tabsOf(children);
  const refs = useRef(new Map<string, HTMLDivElement | null>());
  const enabled = tabs.filter((tab) => !tab.props.disabled);
  const choose = (key: string, focus: boolean) => {
    if (key !== activeKey) onChange?.(key);
    if (focus) refs.current.get(key)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = enabled.findIndex((tab) => tab.key === activeKey);
    const next =
      e.key === 'ArrowRight'
        ? enabled[(at + 1) % enabled.length]
        : e.key === 'ArrowLeft'
          ? enabled[(at - 1 + enabled.length) % enabled.length]
          : e.key === 'Home'
            ? enabled[0]
            : e.key === 'End'
              ? enabled.at(-1)
              : undefined;
    if (!next) return;
    e.preventDefault();
    choose(next.key, true);
  };
  const active = tabs.find((tab) => tab.key === activeKey);
  return (
    <div className={`${prefix} ys-light-tabs${className ? ` ${className}` : ''}`}>
      <div className={`${prefix}-header`}>
        <div className={`${prefix}-tab-list`} role="tablist" onKeyDown={onKeyDown}>
          {tabs.map(({ key, props }) => (
            <div key={key} className={`${prefix}-tab-wrapper${stretch !== false && prefix === 'adm-tabs' ? ' adm-tabs-tab-wrapper-stretch' : ''}`}>
              <div
                ref={(el) => {
                  refs.current.set(key, el);
                }}
                role="tab"
                aria-selected={key === activeKey}
                aria-disabled={props.disabled || undefined}
                tabIndex={key === activeKey ? 0 : -1}
                className={`${prefix}-tab${key === activeKey ? ` ${prefix}-tab-active` : ''}${props.disabled ? ` ${prefix}-tab-disabled` : ''}`}
                onClick={() => !props.disabled && choose(key, false)}
              >
                {props.title}
              </div>
            </div>
          ))}
        </div>
      </div>
      {active?.props.children !== undefined ? <div className={`${prefix}-content`}>{active?.props.children}</div> : null}
    </div>
  );
}

/** The kit's Tabs (underlined), `Tabs.Tab` for each tab. */
export const Tabs = Object.assign((props: TabsProps) => <TabList prefix="adm-tabs" {...props} />, { Tab });

/** The kit's CapsuleTabs (pills), `CapsuleTabs.Tab` for each tab. */
export const CapsuleTabs = Object.assign((props: TabsProps) => <TabList prefix="adm-capsule-tabs" {...props} />, { Tab });
