import type { ReactNode } from 'react';

const widths = { wide: 'max-w-6xl', narrow: 'max-w-4xl' } as const;

/**
 * A screen's container and heading. A signed-in screen exports its `Frame` (built on this where the
 * markup is the same), which is also pre-rendered into the screen's page at build
 * (app/prerender-shell.tsx) so that it paints before the code has run.
 */
export function ScreenFrame({
  heading,
  width = 'wide',
  children,
}: {
  heading: ReactNode;
  width?: keyof typeof widths;
  children?: ReactNode;
}) {
  return (
    <div className={`mx-auto ${widths[width]} space-y-6 px-4 py-6`}>
      <h1 className="text-2xl font-bold">{heading}</h1>
      {children}
    </div>
  );
}
