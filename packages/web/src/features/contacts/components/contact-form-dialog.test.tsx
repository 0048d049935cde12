import type { Contact } from '@life-updates/contract/contacts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { toast } from 'sonner';
import { ContactFormDialog } from './contact-form-dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderDialog(contact: Contact | null = null) {
  const onOpenChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ContactFormDialog open onOpenChange={onOpenChange} contact={contact} />
    </QueryClientProvider>,
  );
  return { onOpenChange, client };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Bob as the Contacts list shows him. */
const bob: Contact = {
  id: 'c1',
  name: 'Bob',
  email: 'bob@example.com',
  phone: '+7 900 000-00-00',
  relationship: 'friend',
  description: 'kept on the server',
  templateId: null,
  unsubscribedAt: null,
  bouncedAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('ContactFormDialog', () => {
  it('shows the rule messages, clears each one when its field is edited, and sends nothing while one remains', async () => {
    const fetchSpy = vi.fn(async () => json(201, {}));
    vi.stubGlobal('fetch', fetchSpy);
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'New Contact' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('placeholder', '+7 (999) 123-45-67');

    await userEvent.type(screen.getByLabelText('Name *'), '   ');
    await userEvent.type(screen.getByLabelText('Phone'), '+7 abc');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name required')).toBeInTheDocument();
    expect(screen.getByText('Email required')).toBeInTheDocument();
    expect(screen.getByText('Incorrect phone number')).toBeInTheDocument();

    // Editing a field clears its message at once, even before the value is valid.
    await userEvent.type(screen.getByLabelText('Email *'), 'a');
    expect(screen.queryByText('Email required')).not.toBeInTheDocument();
    expect(screen.getByText('Name required')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Incorrect email')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the trimmed form and closes on success', async () => {
    const fetchSpy = vi.fn(async (_url: string, _init: RequestInit) => json(201, { id: '1' }));
    vi.stubGlobal('fetch', fetchSpy);
    const { onOpenChange } = renderDialog();
    await userEvent.type(screen.getByLabelText('Name *'), '  Ann  ');
    await userEvent.type(screen.getByLabelText('Email *'), 'ann@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/contacts');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      phone: '',
      relationship: '',
    });
  });

  it('edits with PUT, leaves the description out, and shows server field errors inline', async () => {
    const fetchSpy = vi.fn(async (_url: string, init: RequestInit) =>
      init.method === 'PUT'
        ? json(400, { code: 'VALIDATION_FAILED', message: 'Incorrect email', fields: { email: 'Incorrect email' } })
        : json(200, bob),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const { onOpenChange } = renderDialog(bob);
    expect(screen.getByRole('dialog', { name: 'Edit Contact' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name *')).toHaveValue('Bob');
    expect(screen.getByLabelText('Relationship')).toHaveTextContent('friend');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email');
    const [url, init] = fetchSpy.mock.calls.find(([, init]) => init.method === 'PUT')!;
    expect(url).toBe('/api/contacts/c1');
    expect(JSON.parse(String(init.body))).not.toHaveProperty('description');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email *')).toHaveValue('bob@example.com');
  });

  it('opens on the contact as stored now, not on the list copy another device may have changed', async () => {
    const renamed = { ...bob, name: 'Robert', phone: '', relationship: 'colleague' as const };
    const fetchSpy = vi.fn(async (_url: string, _init: RequestInit) => json(200, renamed));
    vi.stubGlobal('fetch', fetchSpy);
    renderDialog(bob);
    await waitFor(() => expect(screen.getByLabelText('Name *')).toHaveValue('Robert'));
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    expect(screen.getByLabelText('Relationship')).toHaveTextContent('colleague');
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/contacts/c1');
    expect(init.method ?? 'GET').toBe('GET');
  });

  it('keeps what the user has typed when the stored copy arrives late', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { client } = renderDialog(bob);
    await userEvent.clear(screen.getByLabelText('Name *'));
    await userEvent.type(screen.getByLabelText('Name *'), 'Bobby');
    answer(json(200, { ...bob, name: 'Robert' }));
    await waitFor(() => expect(client.getQueryData(['contacts', 'one', bob.id])).toMatchObject({ name: 'Robert' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByLabelText('Name *')).toHaveValue('Bobby');
  });

  it("says why when the contact cannot be read: the server's message, or the spec's", async () => {
    const toastError = vi.spyOn(toast, 'error');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { code: 'NOT_FOUND', message: 'Contact not found' })),
    );
    renderDialog(bob);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Contact not found'));
    // The list's copy stays in the form.
    expect(screen.getByLabelText('Name *')).toHaveValue('Bob');
  });

  it('shows "Could not get the contact" when the server cannot be reached', async () => {
    const toastError = vi.spyOn(toast, 'error');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderDialog(bob);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Could not get the contact'));
  });

  it('asks for nothing when creating a contact', async () => {
    const fetchSpy = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchSpy);
    renderDialog();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
