// The help widget's icons that show only once it is opened (help-widget.tsx loads this on demand).
import { CloseOutline, EditSOutline, FileOutline, PhonebookOutline } from 'antd-mobile-icons';

const ICONS = { contact: PhonebookOutline, work_order: FileOutline, feedback: EditSOutline, close: CloseOutline } as const;

export default function ShortcutIcon({ name }: { name: keyof typeof ICONS }) {
  const Icon = ICONS[name];
  return <Icon />;
}
