// The offline banner's strip style and the outbox route, shared by the banner and its outbox link.
import type { CSSProperties } from 'react';

export const OUTBOX_ROUTE = '/outbox';

export const STRIP: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  padding: '6px 12px',
  fontSize: 13,
  lineHeight: '18px',
};
