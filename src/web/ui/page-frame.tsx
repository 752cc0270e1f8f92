// The root element of every page: carries data-page="<route name>" (ARCHITECTURE.md "Web").
import type { ReactNode } from 'react';

export interface PageFrameProps {
  name: string;
  children: ReactNode;
  className?: string;
  /** extra data attributes, e.g. data-under-construction */
  marks?: Record<`data-${string}`, string | boolean>;
}

export function PageFrame({ name, children, className, marks }: PageFrameProps) {
  return (
    <div data-page={name} className={`ys-page${className ? ` ${className}` : ''}`} {...marks}>
      {children}
    </div>
  );
}
