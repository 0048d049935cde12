import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// With the whole suite running at once on a small machine, a render can take longer than Testing
// Library's default second; `findBy…` and `waitFor` still answer as soon as what they wait for is there.
configure({ asyncUtilTimeout: 5_000 });

// Components under test translate with the app's i18next instance (English bundled).
await import('@/lib/i18n');
