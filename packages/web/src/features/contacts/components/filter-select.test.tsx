import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FilterSelect } from './filter-select';

const options = [
  { value: 'name', label: 'Name' },
  { value: 'email', label: 'Email' },
];

/** What a user sees of a closed trigger: its classes, its text, its icon, its state. */
function looks(trigger: HTMLElement) {
  return {
    tag: trigger.tagName,
    id: trigger.id,
    className: trigger.className,
    text: trigger.textContent,
    icon: trigger.querySelector('svg')?.getAttribute('class'),
    expanded: trigger.getAttribute('aria-expanded'),
    state: trigger.dataset.state,
    disabled: (trigger as HTMLButtonElement).disabled,
  };
}

describe('FilterSelect', () => {
  beforeAll(() => {
    // jsdom lays nothing out; the open list scrolls its selected option into view.
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('paints a trigger that looks like the radix Select that replaces it', async () => {
    render(<FilterSelect id="sort" value="email" onValueChange={vi.fn()} options={options} />);
    const standIn = screen.getByRole('combobox');
    const before = looks(standIn);
    expect(before.text).toBe('Email');
    // Stays until the visitor opens it, even once the code is here.
    await new Promise((resolve) => setTimeout(resolve, 300));
    standIn.focus();
    expect(screen.getByRole('combobox')).toBe(standIn);
    fireEvent.click(standIn);
    // Opened at once, by the real trigger (the open list hides the rest from role queries).
    expect(await screen.findByRole('option', { name: 'Name' })).toBeTruthy();
    const real = document.getElementById('sort')!;
    expect(real).not.toBe(standIn);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await waitFor(() => expect(real).toHaveAttribute('aria-expanded', 'false'));
    expect(document.activeElement).toBe(real);
    // Closed, it looks as the stand-in did.
    expect(looks(real)).toEqual(before);
  });

  it('opens from the keyboard; a disabled one does nothing', async () => {
    const { unmount } = render(<FilterSelect id="sort" value="email" onValueChange={vi.fn()} options={options} />);
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'ArrowDown' });
    expect(await screen.findByRole('option', { name: 'Name' })).toBeTruthy();
    unmount();

    render(<FilterSelect id="sort" value="email" onValueChange={vi.fn()} options={options} disabled />);
    const standIn = screen.getByRole('combobox');
    fireEvent.click(standIn);
    fireEvent.keyDown(standIn, { key: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('combobox')).toBe(standIn);
    expect(screen.queryByRole('option')).toBeNull();
  });
});
