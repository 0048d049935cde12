import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { PageLoading } from './page-loading';

describe('PageLoading', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('draws a signed-in screen\'s heading and page title above "Loading..."', () => {
    window.history.replaceState(null, '', '/contacts');
    render(<PageLoading />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(document.title).toBe('Contacts | Life Updates');
  });

  it('is "Loading..." alone on a public page', () => {
    window.history.replaceState(null, '', '/login');
    render(<PageLoading />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });
});
