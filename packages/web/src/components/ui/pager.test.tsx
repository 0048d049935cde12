import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

describe('Pager', () => {
  it('names the list it pages, says where the reader is and moves a page either way', () => {
    const onPageChange = vi.fn();
    render(<Pager label="Outbox" page={2} pages={3} onPageChange={onPageChange} />);
    const nav = screen.getByRole('navigation', { name: 'Outbox' });
    expect(nav).toHaveTextContent('Page 2 of 3');

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange.mock.calls).toEqual([[1], [3]]);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(
      <Pager label="Users" page={1} pages={2} status="Page 1 of 2 (30 users)" onPageChange={vi.fn()} />,
    );
    expect(screen.getByRole('navigation', { name: 'Users' })).toHaveTextContent('Page 1 of 2 (30 users)');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    rerender(<Pager label="Users" page={2} pages={2} onPageChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
