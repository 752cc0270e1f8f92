// The frame of a task console's pages (data migration, data protection): data-page, the way back,
// the title, the tabs between the area's lists, an intro and a toolbar; and a list's loading /
// failed / empty state. The texts come from the caller's namespace.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DotLoading } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { PageFrame } from './page-frame.tsx';
import './task-frame.css';

export interface TaskTab {
  key: string;
  to: string;
  label: string;
}

export function TaskFrame({
  page,
  className,
  title,
  back,
  tabs,
  tab,
  tabsLabel,
  intro,
  toolbar,
  children,
}: {
  page: string;
  /** the area's own class (its cards, tags and forms) */
  className: string;
  title: string;
  back: { to: string; label: string; testId?: string };
  tabs?: readonly TaskTab[];
  tab?: string;
  tabsLabel?: string;
  intro?: string;
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageFrame name={page} className={`ys-task ${className}`}>
      <header className="ys-task__head">
        <Link to={back.to} className="ys-task__back" data-testid={back.testId}>
          <LeftOutline aria-hidden="true" /> {back.label}
        </Link>
        <h1 className="ys-task__title">{title}</h1>
      </header>
      {tabs ? (
        <nav className="ys-task__tabs" aria-label={tabsLabel ?? title}>
          {tabs.map((x) => (
            <Link key={x.key} to={x.to} className="ys-task__tab" aria-current={x.key === tab ? 'page' : undefined}>
              {x.label}
            </Link>
          ))}
        </nav>
      ) : null}
      {intro ? <p className="ys-task__intro">{intro}</p> : null}
      {toolbar ? <div className="ys-task__toolbar">{toolbar}</div> : null}
      {children}
    </PageFrame>
  );
}

/** What a list shows instead of its rows: loading, failed, or empty with an action. */
export function TaskListState({
  loading,
  failed,
  empty,
  emptyText,
  loadingText,
  failedText,
  action,
}: {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  emptyText: string;
  loadingText: string;
  failedText: string;
  action?: ReactNode;
}) {
  if (loading)
    return (
      <div className="ys-task__state" role="status">
        <DotLoading /> {loadingText}
      </div>
    );
  if (failed) return <div className="ys-task__state">{failedText}</div>;
  if (empty)
    return (
      <div className="ys-task__state">
        <p>{emptyText}</p>
        {action}
      </div>
    );
  return null;
}
