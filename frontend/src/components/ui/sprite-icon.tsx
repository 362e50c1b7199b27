import type { ComponentProps } from 'react';

export type SpriteIconProps = ComponentProps<'svg'> & { size?: number | string; color?: string; strokeWidth?: number | string };

const labels = (props: object) => Object.entries(props).some(([key, value]) => (key.startsWith('aria-') || key === 'role' || key === 'title') && value != null);

/**
 * A Lucide icon drawn from the build's icon sprite (see frontend/build/icon-sprite.mts): the same
 * <svg> Lucide renders (attributes, classes, aria-hidden unless labelled), with a <use> of the
 * icon's symbol instead of its paths, so the paths live in one cached file rather than in the
 * JavaScript of every page.
 */
export function spriteIcon(sprite: string, name: string) {
  return function SpriteIcon({ size = 24, color = 'currentColor', strokeWidth = 2, className, children, ...rest }: SpriteIconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke={color}
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
        aria-hidden={children || labels(rest) ? undefined : 'true'}
        {...rest}
      >
        <use href={`${sprite}#${name}`} />
        {children}
      </svg>
    );
  };
}
