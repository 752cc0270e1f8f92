// A detail's 更多操作 menu, loaded on the first tap (detail.tsx): the kit's popover brings its
// positioning library, which the detail's first screen does not need.
import type { ReactElement } from 'react';
import { Popover } from 'antd-mobile';

export default function MoreMenu({ actions, children }: { actions: { key: string; text: string; onClick: () => void }[]; children: ReactElement }) {
  return (
    <Popover.Menu trigger="click" defaultVisible placement="bottom-end" className="ys-dt__more-menu" actions={actions}>
      {children}
    </Popover.Menu>
  );
}
