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
    render(<FilterSelect id="sort" value="email" onValueChange={vi.fn()} options={options} disabled />);
    const standIn = screen.getByRole('combobox');
    const before = looks(standIn);
    expect(before.text).toBe('Email');
    // Stays until the visitor points at it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('combobox')).toBe(standIn);
    fireEvent.pointerEnter(standIn);
    await waitFor(() => expect(screen.getByRole('combobox')).not.toBe(standIn));
    await waitFor(() => expect(looks(screen.getByRole('combobox'))).toEqual(before));
  });

  it('becomes the radix Select when focused, and opens at once when clicked', async () => {
    const { unmount } = render(<FilterSelect id="sort" value="email" onValueChange={vi.fn()} options={options} />);
    const standIn = screen.getByRole('combobox');
    standIn.focus();
    await waitFor(() => expect(screen.getByRole('combobox')).not.toBe(standIn));
    // The real trigger took the focus over.
    expect(document.activeElement).toBe(screen.getByRole('combobox'));
    unmount();

    render(<FilterSelect id="sort" value="email" onValueChange={vi.fn()} options={options} />);
    fireEvent.click(screen.getByRole('combobox'));
    expect(await screen.findByRole('option', { name: 'Name' })).toBeTruthy();
  });
});
