import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
  it('paints a trigger that looks like the radix Select that replaces it', async () => {
    render(<FilterSelect id="sort" value="email" onValueChange={vi.fn()} options={options} disabled />);
    const standIn = screen.getByRole('combobox');
    const before = looks(standIn);
    expect(before.text).toBe('Email');
    await waitFor(() => expect(screen.getByRole('combobox')).not.toBe(standIn));
    await waitFor(() => expect(looks(screen.getByRole('combobox'))).toEqual(before));
  });
});
