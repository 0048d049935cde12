import { expect, it } from 'vitest';
import { testAppForFile } from '../test-app.ts';
import { apiEndpoints } from './api-endpoints.ts';

const testApp = testAppForFile();

it('the security table lists every API route the app serves, and only those', () => {
  const document = testApp.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const served = Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .filter((route) => !route.startsWith('HEAD '))
    .sort();
  const listed = apiEndpoints.map((endpoint) => endpoint.route).sort();
  // A new route needs a row in test/security/api-endpoints.ts (tenancy, bad input and sign-in checks use it).
  expect(
    served.filter((route) => !listed.includes(route)),
    'routes missing from api-endpoints.ts',
  ).toEqual([]);
  expect(
    listed.filter((route) => !served.includes(route)),
    'rows naming no route',
  ).toEqual([]);
  expect(new Set(listed).size).toBe(listed.length);
});
