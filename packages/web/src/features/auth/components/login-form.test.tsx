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

describe('LoginForm, two-factor step', () => {
  /** The server: the password asks for a code, and the code check answers `codeAnswer`. */
  function serverAnswering(codeAnswer: { status: number; body: object }) {
    const json = (status: number, body: object) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const fetchSpy = vi.fn(async (url: string) =>
      url.includes('/two-factor/') ? json(codeAnswer.status, codeAnswer.body) : json(200, { twoFactorRedirect: true }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    return fetchSpy;
  }

  async function signInAndEnterCode() {
    renderLoginForm();
    await userEvent.type(screen.getByLabelText('Email (or username)'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
  }

  it('a wrong code stays on the code step', async () => {
    serverAnswering({ status: 401, body: { code: 'INVALID_CODE', message: 'The code is not correct.' } });
    await signInAndEnterCode();
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
  });

  it('when the sign-in’s codes are used up, goes back to the password and says to sign in again', async () => {
    serverAnswering({
      status: 400,
      body: { code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', message: 'Too many wrong codes for this sign-in.' },
    });
    await signInAndEnterCode();
    expect(
      await screen.findByText('Too many wrong codes for this sign-in. Sign in again with your password.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/locked/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('when the account is locked, says so with the time the lock ends in the reader’s own time', async () => {
    const lockedUntil = new Date(2026, 11, 2, 14, 32).toISOString(); // 2:32 PM on this machine's clock
    serverAnswering({
      status: 429,
      body: { code: 'ACCOUNT_TEMPORARILY_LOCKED', message: 'locked until 13:32 UTC', lockedUntil },
    });
    await signInAndEnterCode();
    expect(
      await screen.findByText(
        'Too many wrong codes for this account. Two-factor sign-in is locked for 15 minutes, until 2:32 PM.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
