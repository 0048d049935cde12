import { randomUUID } from 'node:crypto';
import { openAiCompletion, openAiModelList, openAiStream, startFakeAiServer } from '../packages/server/test/doubles/ai';
import {
  expect,
  expectNoAxeViolations,
  extraServerPort,
  registerAccount,
  signInThroughApi,
  strongPassword,
  test,
} from './fixtures';
import { createIdea, generatedText } from './generation-helpers';
import { spawnAppServer } from './spawn-app-server';

test('Settings → Admin: an admin adds a local model server, lists, tests and enables a model; a user writes with it, no restart', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const model = await startFakeAiServer();
  // A fresh instance: its first account is the admin. No AI in its environment.
  const app = await spawnAppServer({ port: extraServerPort(5) });
  const secretKey = `sk-e2e-${randomUUID()}`;
  try {
    const context = await browser.newContext({ baseURL: app.baseURL, locale: 'en-US' });
    const page = await context.newPage();
    const admin = { email: `chief-${randomUUID().slice(0, 6)}@example.com`, password: strongPassword, name: 'Chief' };
    await registerAccount(context.request, admin, app.baseURL);
    await signInThroughApi(page, admin, app.baseURL);

    await page.goto('/settings?tab=admin');
    await expect(page.getByText('No providers set up in the app yet.')).toBeVisible();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add provider' }) });
    await form.getByLabel('Name', { exact: true }).fill('Home Ollama');
    await form.getByLabel('Base URL', { exact: true }).fill(`${model.url}/v1`);
    await form.getByLabel('API key', { exact: true }).fill(secretKey);
    await form.getByRole('button', { name: 'Add provider' }).click();
    await expect(page.getByText('Provider added.')).toBeVisible();

    const provider = page.getByRole('region', { name: 'Home Ollama' });
    await expect(provider.getByText('A key is set. Type a new one to replace it.')).toBeVisible();
    model.reply(openAiModelList(['llama3.2:3b', 'qwen2.5:7b']));
    await provider.getByRole('button', { name: 'List models' }).click();
    const testButton = provider.getByRole('button', { name: 'Test llama3.2:3b' });
    await expect(testButton).toBeVisible();
    model.reply(openAiCompletion('Hello, nice to meet you!', 'llama3.2:3b'));
    await testButton.click();
    await expect(provider.getByText(/It answered in \d+ ms: “Hello, nice to meet you!”/)).toBeVisible();
    await provider.getByRole('checkbox', { name: 'llama3.2:3b' }).click();
    await provider.getByRole('button', { name: 'Save the models users see' }).click();
    await expect(page.getByText('Provider saved.')).toBeVisible();
    await expectNoAxeViolations(page);
    // The key is in no page.
    expect(await page.content()).not.toContain(secretKey);

    // The user (here the admin too) picks it in AI Settings and generates.
    await page.goto('/settings?tab=ai');
    await page.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: 'Home Ollama: llama3.2:3b' }).click();
    await page.getByRole('button', { name: 'Save AI Settings' }).click();
    await expect(page.getByText('AI settings saved successfully')).toBeVisible();

    const idea = await createIdea(page, 'We planted tomatoes on the balcony.', app.baseURL);
    model.reply(openAiStream(['Our balcony ', 'grows tomatoes now.'], { model: 'llama3.2:3b' }));
    await page.goto(`/generate?ideas=${idea.id}`);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(generatedText(page)).toHaveValue('Our balcony grows tomatoes now.');
    await expect(page.getByText(/Written by Home Ollama: llama3.2:3b/)).toBeVisible();
    await expect(page.getByText(/It was given no examples of your voice/)).toBeVisible();
    expect(model.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', body: { model: 'llama3.2:3b' } });
    expect(model.requests.at(-1)!.headers.authorization).toBe(`Bearer ${secretKey}`);
    await context.close();
  } finally {
    await app.stop();
    await model.close();
  }
});
