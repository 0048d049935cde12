import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// The app loads most of the catalogue lazily (lib/i18n.ts); components under test get all of it.
const { ensureCatalogue } = await import('@/lib/i18n');
await ensureCatalogue('en');
