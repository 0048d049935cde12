import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { LoginForm } from './login-form';

function renderLoginForm() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginForm', () => {
  it('shows the inline validation messages without calling the server', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderLoginForm();
    await userEvent.type(screen.getByLabelText('Email (or username)'), 'bad@');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('checks nothing before the first submit, then focuses the first field in error and re-checks as it changes', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderLoginForm();
    const email = screen.getByLabelText('Email (or username)');
    await userEvent.type(email, 'bad@');
    await userEvent.type(screen.getByLabelText('Password'), '123456');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(email, 'example.com');
    await waitFor(() => expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument());
  });

  it('shows the lockout message when the server says the account is locked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'LOCKED_OUT', message: 'locked' }), {
            status: 429,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderLoginForm();
    await userEvent.type(screen.getByLabelText('Email (or username)'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Too many failed login attempts. Please try again later.')).toBeInTheDocument();
  });
});
