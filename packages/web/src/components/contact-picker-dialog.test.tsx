import type { Contact } from '@life-updates/contract/contacts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { ContactPickerDialog, type ContactPickerDialogProps } from './contact-picker-dialog';

const ann = { id: 'c1', name: 'Ann Friend', relationship: 'friend' } as Contact;
const bob = { id: 'c2', name: 'Bob Colleague', relationship: 'colleague' } as Contact;

/** The server's contact list, by name; `status` 500 makes it fail. Returns the requested URLs. */
function stubContacts(contacts: Contact[], { status = 200 } = {}) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return status === 200
        ? Response.json({ contacts })
        : Response.json({ code: 'CONTACTS_FAILED', message: 'Could not list contacts' }, { status });
    }),
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

function renderPicker(overrides: Partial<ContactPickerDialogProps> = {}) {
  const props: ContactPickerDialogProps = {
    open: true,
    onOpenChange: vi.fn(),
    title: 'Select Contacts to Share With',
    submitLabel: 'Send Email',
    isProcessing: false,
    onSubmit: vi.fn(),
    ...overrides,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <ContactPickerDialog {...props} /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return props;
}

describe('ContactPickerDialog', () => {
  it('disables the submit button until a contact is ticked, then submits the ticked ids in list order', async () => {
    const user = userEvent.setup();
    const urls = stubContacts([ann, bob]);
    const props = renderPicker();
    const dialog = screen.getByRole('dialog', { name: 'Select Contacts to Share With' });
    const send = await screen.findByRole('button', { name: 'Send Email' });
    expect(urls).toEqual(['/api/contacts?sortBy=name&sortDirection=asc']);
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
    stubContacts([ann, bob]);
    renderPicker();
    await user.click(await screen.findByRole('button', { name: 'Select All' }));
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send Email' })).toBeDisabled();
  });

  it('reads "Processing..." and locks the choice while the caller works', async () => {
    stubContacts([ann, bob]);
    renderPicker({ isProcessing: true });
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Select All' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Ann Friend/ })).toBeDisabled();
  });

  it('with no contacts says so and links to the Contacts screen, without a submit button', async () => {
    stubContacts([]);
    renderPicker();
    expect(await screen.findByText('No contacts found. Please add contacts first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Contacts' })).toHaveAttribute('href', '/contacts');
    expect(screen.queryByRole('button', { name: 'Send Email' })).not.toBeInTheDocument();
  });

  it('offers a retry when the contacts fail to load', async () => {
    const user = userEvent.setup();
    const urls = stubContacts([], { status: 500 });
    renderPicker();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load contacts');
    stubContacts([ann]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ann Friend')).toBeInTheDocument();
    expect(urls).toHaveLength(1);
  });

  it('offers only the contacts the filter lets through, and asks for none while closed', async () => {
    const urls = stubContacts([ann, bob]);
    renderPicker({ open: false, title: 'Closed picker' });
    renderPicker({ filter: (contact) => contact.id === 'c2' });
    expect(await screen.findByText('Bob Colleague')).toBeInTheDocument();
    expect(screen.queryByText('Ann Friend')).not.toBeInTheDocument();
    // Only the open picker asked.
    expect(urls).toHaveLength(1);
  });
});
