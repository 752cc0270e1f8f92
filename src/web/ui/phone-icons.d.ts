// A menu icon imported for the phone (menu-icon-lazy.tsx): the same antd-mobile-icons module under a
// query of its own, so the bundler makes it a chunk apart from the side menu's whole set.
declare module 'antd-mobile-icons/es/*.js?phone' {
  import type { ComponentType } from 'react';
  const Icon: ComponentType<{ className?: string }>;
  export default Icon;
}
