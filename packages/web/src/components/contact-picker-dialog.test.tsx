import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { ContactPickerDialog, type ContactPickerDialogProps, type PickerContact } from './contact-picker-dialog';

const ann: PickerContact = { id: 'c1', name: 'Ann Friend', relationship: 'friend' };
const bob: PickerContact = { id: 'c2', name: 'Bob Colleague', relationship: 'colleague' };

function renderPicker(overrides: Partial<ContactPickerDialogProps> = {}) {
  const props: ContactPickerDialogProps = {
    open: true,
    onOpenChange: vi.fn(),
    title: 'Select Contacts to Share With',
    submitLabel: 'Send Email',
    contacts: [ann, bob],
    isError: false,
    onRetry: vi.fn(),
    isProcessing: false,
    onSubmit: vi.fn(),
    ...overrides,
  };
  const router = createMemoryRouter([{ path: '/', element: <ContactPickerDialog {...props} /> }]);
  render(<RouterProvider router={router} />);
  return props;
}

describe('ContactPickerDialog', () => {
  it('disables the submit button until a contact is ticked, then submits the ticked ids in list order', async () => {
    const user = userEvent.setup();
    const props = renderPicker();
    const dialog = screen.getByRole('dialog', { name: 'Select Contacts to Share With' });
    const send = screen.getByRole('button', { name: 'Send Email' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription('Please select at least one contact');
    expect(dialog).toHaveAccessibleDescription('Selected: 0 of 2');

    // A click on the name ticks the contact; the "Selected" badge appears beside it.
    await user.click(screen.getByText('Bob Colleague'));
    expect(screen.getByRole('checkbox', { name: /Bob Colleague/ })).toBeChecked();
    expect(screen.getAllByText('Selected', { exact: true })).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: /Ann Friend/ }));
    expect(dialog).toHaveAccessibleDescription('Selected: 2 of 2');
    await user.click(send);
    expect(props.onSubmit).toHaveBeenCalledWith(['c1', 'c2']);
  });

  it('Select All ticks every contact and Clear All none', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send Email' })).toBeDisabled();
  });

  it('reads "Processing..." and locks the choice while the caller works', () => {
    renderPicker({ isProcessing: true });
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Select All' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Ann Friend/ })).toBeDisabled();
  });

  it('with no contacts says so and links to the Contacts screen, without a submit button', () => {
    renderPicker({ contacts: [] });
    expect(screen.getByText('No contacts found. Please add contacts first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Contacts' })).toHaveAttribute('href', '/contacts');
    expect(screen.queryByRole('button', { name: 'Send Email' })).not.toBeInTheDocument();
  });

  it('offers a retry when the contacts fail to load', async () => {
    const user = userEvent.setup();
    const props = renderPicker({ contacts: undefined, isError: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load contacts');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(props.onRetry).toHaveBeenCalledOnce();
  });
});
