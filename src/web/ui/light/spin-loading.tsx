// A CSS-only spinner for the phone first screens (ADR 0034): the kit's SpinLoading props
// (`--size`, `--color` in `style`) without the animation library it turns with.
import type { CSSProperties } from 'react';
import './light.css';

export function SpinLoading({ style, color }: { style?: CSSProperties; color?: 'default' | 'primary' | 'white' | (string & {}) }) {
  const tone =
    color === 'primary' ? 'var(--adm-color-primary)' : color === 'white' ? 'var(--adm-color-white)' : color && color !== 'default' ? color : undefined;
  return <span className="ys-light-spin" aria-hidden="true" style={{ ...(tone ? { '--color': tone } : {}), ...style } as CSSProperties} />;
}
