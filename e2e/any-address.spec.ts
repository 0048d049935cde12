import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { expect, expectNoAxeViolations, extraServerPort, test } from './fixtures';
import { spawnAppServer, type SpawnedAppServer } from './spawn-app-server';

// A fresh instance with no BASE_URL, as a new user starts it: every address that reaches the
// server works, and the server process is the compiled one (plain node, no TypeScript loader).
const port = extraServerPort(7);
let server: SpawnedAppServer;
// The first registration (at 127.0.0.1) makes the admin whose address becomes the public one.
test.describe.configure({ mode: 'serial' });
const registered = new Map<string, string>();
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await spawnAppServer({ port, env: { BASE_URL: '' } });
});
test.afterAll(async () => {
  await server?.stop();
});

for (const host of ['127.0.0.1', '127.0.0.2', 'localhost']) {
  test(`registers, signs in and reaches My Stories at http://${host}`, async ({ page }) => {
    const origin = `http://${host}:${port}`;
    const email = `any-${randomUUID().slice(0, 8)}@example.com`;
    registered.set(host, email);
    await page.goto(`${origin}/register`);
    await page.getByLabel('Full Name').fill('Anywhere Person');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Str0ng-pass');
    await page.getByLabel('Confirm password').fill('Str0ng-pass');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Registration successful! Please check your email to confirm.')).toBeVisible();
    await expect(page).toHaveURL(`${origin}/login`);

    await page.getByLabel('Email (or username)').fill(email);
    await page.getByLabel('Password').fill('Str0ng-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`${origin}/dashboard`);
    await expect(page.getByRole('heading', { name: 'My Stories', level: 1 })).toBeVisible();
    await expect(page.getByText('Idea Organizer')).toBeVisible();
  });
}

test('the first account is the admin; the address it registered at is the public address, editable', async ({
  page,
}) => {
  const origin = `http://127.0.0.2:${port}`;
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email (or username)').fill(registered.get('127.0.0.1')!);
  await page.getByLabel('Password').fill('Str0ng-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${origin}/dashboard`);
  await page.goto(`${origin}/settings?tab=admin`);
  const field = page.getByLabel('Public address');
  await expect(field).toHaveValue(`http://127.0.0.1:${port}`);
  await expectNoAxeViolations(page);
  await field.fill('updates.example.com/path');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Enter an address like https://updates.example.com')).toBeVisible();
  await field.fill('https://updates.example.com/');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Public address saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Public address')).toHaveValue('https://updates.example.com');
});

test('a cross-site sign-up is refused', async ({ request }) => {
  const email = `x-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = (headers: Record<string, string>) =>
    request.post(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      data: { name: 'Intruder', email, password: 'Str0ng-pass' },
      headers,
    });
  // As a browser sends it from a page on another site, and from a page on another address of
  // this very server (its Origin and Host disagree).
  for (const origin of ['https://evil.example', `http://127.0.0.2:${port}`]) {
    const refused = await signUp({ origin });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('FORBIDDEN_ORIGIN');
  }
  const fetchMetadata = await signUp({ 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' });
  expect(fetchMetadata.status()).toBe(403);
  // Nothing was created: the same sign-up from the server's own address goes through.
  expect((await signUp({ origin: `http://127.0.0.1:${port}` })).status()).toBe(200);
});

test('the server process runs compiled JavaScript and loads no TypeScript compiler', () => {
  const typeScriptTooling = /tsx|ts-node|esbuild|typescript|--experimental-strip-types|--experimental-transform-types/;
  const commandLine = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  expect(commandLine.slice(1)).toEqual(['dist/server.js']);
  const nodeOptions = /(?:^|\0)NODE_OPTIONS=([^\0]*)/.exec(readFileSync(`/proc/${server.pid}/environ`, 'utf8'))?.[1];
  expect(nodeOptions ?? '').not.toMatch(/--import|--require|--loader|-r\b/);
  // tsx compiles through an esbuild service process it starts as a child: there is none.
  const children = readdirSync(`/proc/${server.pid}/task`).flatMap((thread) =>
    readFileSync(`/proc/${server.pid}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean),
  );
  for (const child of children) {
    expect(readFileSync(`/proc/${child}/cmdline`, 'utf8')).not.toMatch(typeScriptTooling);
  }
  // Nothing of a compiler is mapped into the process (native addons, binaries).
  expect(readFileSync(`/proc/${server.pid}/maps`, 'utf8')).not.toMatch(typeScriptTooling);
  // The modules it can load: the build's files (JavaScript only) and the npm packages they import,
  // none of them a TypeScript tool.
  const dist = new URL('../packages/server/dist/', import.meta.url);
  const files = readdirSync(dist).filter((file) => file.endsWith('.js'));
  // Beside them: source maps and the empty database cluster for new PGlite data dirs.
  expect(readdirSync(dist).filter((file) => !/\.(js|js\.map)$/.test(file))).toEqual(['pglite-cluster.tar.gz']);
  const imported = files.flatMap((file) =>
    [
      ...readFileSync(new URL(file, dist), 'utf8').matchAll(/\b(?:from|import\(|require\()\s*["']([^"'./][^"']*)["']/g),
    ].map((match) => match[1]!),
  );
  expect(imported).toContain('@electric-sql/pglite');
  expect(imported.filter((name) => typeScriptTooling.test(name) || name.endsWith('.ts'))).toEqual([]);
});
