import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { OptionSelect } from './option-select';

const options = [
  { value: 'name', label: 'Name' },
  { value: 'email', label: 'Email' },
];

describe('OptionSelect', () => {
  beforeAll(() => {
    // jsdom lays nothing out; the open list scrolls its selected option into view.
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('shows the chosen option and hands a new choice made from the keyboard to its owner', async () => {
    const onValueChange = vi.fn();
    render(<OptionSelect aria-label="Sort by" value="email" onValueChange={onValueChange} options={options} />);
    const trigger = screen.getByRole('combobox', { name: 'Sort by' });
    expect(trigger).toHaveTextContent('Email');
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Name' }));
    expect(onValueChange).toHaveBeenCalledWith('name');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not open when disabled', async () => {
    render(<OptionSelect aria-label="Sort by" value="email" onValueChange={vi.fn()} options={options} disabled />);
    const trigger = screen.getByRole('combobox');
    expect(trigger).toBeDisabled();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('option')).toBeNull();
  });
});
