import { randomUUID } from 'node:crypto';
import { expect, extraServerPort, test } from './fixtures';
import { spawnAppServer, type SpawnedAppServer } from './spawn-app-server';

// With BASE_URL set, the same server opened at another of its addresses says which one to use.
const port = extraServerPort(3);
let server: SpawnedAppServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await spawnAppServer({ port, env: { BASE_URL: `http://localhost:${port}` } });
});
test.afterAll(async () => {
  await server?.stop();
});

test('signing in or registering at another address names BASE_URL, in the chosen language', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${port}/login`);
  await page.getByLabel('Email (or username)').fill('someone@example.com');
  await page.getByLabel('Password').fill('Str0ng-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByText(
      `This server is set up to be used at http://localhost:${port}. Open Life Updates at http://localhost:${port} and try again.`,
    ),
  ).toBeVisible();
  await expect(page.getByText('You do not have access to this')).toHaveCount(0);

  await page.goto(`http://127.0.0.1:${port}/register`);
  await page.getByLabel('Language').first().selectOption('ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByLabel('Полное имя').fill('Кто-то');
  await page.getByLabel('Email').fill(`ru-${randomUUID().slice(0, 8)}@example.com`);
  await page.getByLabel('Пароль', { exact: true }).fill('Str0ng-pass');
  await page.getByLabel('Подтвердите пароль').fill('Str0ng-pass');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(
    page.getByText(`Этот сервер настроен для работы по адресу http://localhost:${port}.`, { exact: false }),
  ).toBeVisible();
});
