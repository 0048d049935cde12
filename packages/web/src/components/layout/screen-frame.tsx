import type { ReactNode } from 'react';

const widths = { wide: 'max-w-6xl', narrow: 'max-w-4xl' } as const;

/** A screen's container and heading: each signed-in screen's `Frame` is built on this where the markup is the same. */
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
