import { useId } from 'react';

/**
 * Colour variants of the Kindling mark:
 * - color: orange tile, white flame; the wordmark follows the page's text colour (light and dark).
 * - mono: one colour (currentColor), the flame cut out of the tile so the background shows through.
 * - inverse: white tile with an orange flame and a white wordmark, for orange or photo backgrounds.
 */
export type LogoVariant = 'color' | 'mono' | 'inverse';

type LogoProps = { height?: number; variant?: LogoVariant; className?: string };

const FLAME =
  'M16 5c1.2 4.2 7 6.6 7 13.4a7 7 0 0 1-14 0c0-3.4 1.6-5.6 3.6-7.4.2 2.4 1.2 3.8 2.6 4.4C14.6 11.6 14.9 8.2 16 5z';
const EMBER = 'M16 17.6c1 1.5 3 2.4 3 4.4a3 3 0 0 1-6 0c0-1.7 1.6-2.6 3-4.4z';

const ORANGE_FROM = '#f97316';
const ORANGE_TO = '#c2410c';

function Mark({ variant, x = 0 }: { variant: LogoVariant; x?: number }) {
  const id = useId().replace(/:/g, '');
  const gradient = `kindling-tile-${id}`;
  const mask = `kindling-cut-${id}`;
  if (variant === 'mono') {
    return (
      <g transform={`translate(${x} 0)`}>
        <defs>
          <mask id={mask}>
            <rect width="32" height="32" fill="#fff" />
            <path d={FLAME} fill="#000" />
          </mask>
        </defs>
        <rect width="32" height="32" rx="8" fill="currentColor" mask={`url(#${mask})`} />
        <path d={EMBER} fill="currentColor" />
      </g>
    );
  }
  const inverse = variant === 'inverse';
  return (
    <g transform={`translate(${x} 0)`}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor={ORANGE_FROM} />
          <stop offset="1" stopColor={ORANGE_TO} />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={inverse ? '#fff' : `url(#${gradient})`} />
      <path d={FLAME} fill={inverse ? ORANGE_TO : '#fff'} />
      <path d={EMBER} fill={inverse ? '#fff' : ORANGE_FROM} />
    </g>
  );
}

/** The square logo: the flame tile alone (app icons, avatars, favicons). */
export function KindlingSquareLogo({ height = 32, variant = 'color', className }: LogoProps) {
  return (
    <svg
      viewBox="0 0 32 32"
      width={height}
      height={height}
      role="img"
      aria-label="Kindling"
      className={className}
      style={{ flex: 'none', display: 'block' }}
    >
      <Mark variant={variant} />
    </svg>
  );
}

/** The text logo: tile plus the 'Kindling' wordmark, used in the public header and the app's top bar. */
export function KindlingTextLogo({ height = 32, variant = 'color', className }: LogoProps) {
  const wordColor = variant === 'inverse' ? '#fff' : variant === 'mono' ? 'currentColor' : 'var(--mantine-color-text)';
  return (
    <svg
      viewBox="0 0 134 32"
      width={(height * 134) / 32}
      height={height}
      role="img"
      aria-label="Kindling"
      className={className}
      style={{ flex: 'none', display: 'block' }}
    >
      <Mark variant={variant} />
      <text
        x="40"
        y="23.5"
        fill={wordColor}
        fontFamily='system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'
        fontSize="22"
        fontWeight="700"
        letterSpacing="-0.3"
        textLength="92"
        lengthAdjust="spacingAndGlyphs"
      >
        Kindling
      </text>
    </svg>
  );
}
