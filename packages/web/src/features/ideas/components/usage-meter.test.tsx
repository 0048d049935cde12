import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { UsageMeter } from './usage-meter';

function renderMeter(used: number, total: number) {
  const router = createMemoryRouter([{ path: '/', element: <UsageMeter usage={{ used, total }} /> }]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('progressbar');
}

describe('UsageMeter', () => {
  it('is normal below 80 %, with the Upgrade link to Contact Us', () => {
    const bar = renderMeter(3, 10);
    expect(screen.getByText('Monthly Usage')).toBeInTheDocument();
    expect(screen.getByText('BETA')).toBeInTheDocument();
    expect(screen.getByText('3 of 10 contact shares used')).toBeInTheDocument();
    expect(bar).toHaveAttribute('data-level', 'normal');
    expect(bar).toHaveAccessibleName('Monthly usage: 30%');
    expect(screen.queryByText('Limit reached')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/contact-us');
  });

  it('warns from 80 %', () => {
    const bar = renderMeter(8, 10);
    expect(bar).toHaveAttribute('data-level', 'warning');
    expect(screen.queryByText('Limit reached')).not.toBeInTheDocument();
  });

  it('says "Limit reached" at 100 % and caps the percent', () => {
    const bar = renderMeter(14, 10);
    expect(bar).toHaveAttribute('data-level', 'limit');
    expect(bar).toHaveAccessibleName('Monthly usage: 100%');
    expect(screen.getByText('14 of 10 contact shares used')).toBeInTheDocument();
    expect(screen.getByText('Limit reached')).toBeInTheDocument();
  });
});
