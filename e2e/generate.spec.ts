import type { Browser } from '@playwright/test';
import { openAiStream, startFakeAiServer } from '../packages/server/test/doubles/ai';
import { expect, expectNoAxeViolations, extraServerPort, registerAccount, signInThroughApi, test } from './fixtures';
import { spawnAppServer } from './spawn-app-server';
import {
  createAnnAndBob,
  createIdea,
  expectEmailedToAnnAndBob,
  generatedText,
  getIdea,
  openWithHandedOverIdeas,
  openWithNothingChosen,
  shareForIdea,
} from './generation-helpers';

/** "Jan 5, 2025 • 3:04 PM" (Chromium may put a narrow no-break space before PM). */
const createdDatePattern = /^[A-Z][a-z]{2} \d{1,2}, \d{4} • \d{1,2}:\d{2}\s[AP]M$/;

test('Generate: chosen ideas, edit, generate, save for later, the one-idea rules, approve and email', async ({
  page,
  account,
}) => {
  await openWithNothingChosen(page, account, {
    path: '/generate',
    title: 'Generate',
    emptyText: 'No ideas selected',
  });
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText('Please select an idea first')).toBeVisible();

  const first = await createIdea(page, 'Adopted a rescue dog named Pepper from the local shelter.');
  const longText =
    'Gave a talk about accessible web forms at the city JavaScript meetup and answered questions for almost an hour afterwards.';
  const second = await createIdea(page, longText);
  await createAnnAndBob(page);

  // An idea may come as the whole idea or as its id.
  await openWithHandedOverIdeas(page, '/generate', { selectedIdeas: [first, second.id] });
  await expect(page).toHaveURL(new RegExp(`/generate\\?ideas=${first.id},${second.id}$`));
  const chosen = page.getByRole('listitem').filter({ hasText: 'Gave a talk...' });
  await expect(chosen.getByText(`${longText.slice(0, 100)}...`)).toBeVisible();
  await expect(chosen.locator('time')).toHaveText(createdDatePattern);
  await expect(page.getByRole('radiogroup', { name: 'Length' }).getByRole('radio', { name: 'Short' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expectNoAxeViolations(page);

  // Edit opens the idea editor.
  await page.getByRole('button', { name: 'Edit: Adopted a rescue...' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Event' });
  await expectNoAxeViolations(page);
  await editor.getByLabel('Content').fill('Adopted a rescue dog named Pepper from the shelter on Main Street.');
  await editor.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Event updated')).toBeVisible();
  await expect(page.getByText('Adopted a rescue dog named Pepper from the shelter on Main Street.')).toBeVisible();

  await page.getByRole('radiogroup', { name: 'Tone' }).getByRole('radio', { name: 'Professional' }).click();
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText('Text generated!')).toBeVisible();
  await expect(generatedText(page)).toHaveValue(/Main Street/);
  const generated = await generatedText(page).inputValue();
  await generatedText(page).fill(`${generated}\n\nWritten on the Generate screen.`);
  await page.getByRole('button', { name: 'Save for later' }).click();
  await page.getByRole('dialog', { name: 'Saved' }).getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await getIdea(page, first.id)).toMatchObject({
    status: 'saved_for_later',
    preferences: { tone: 'professional' },
  });

  // One idea: the text of the first saved-for-later share with it, the idea's own preferences.
  await page.goto(`/generate?ideas=${first.id}`);
  await expect(generatedText(page)).toHaveValue(/Written on the Generate screen\.$/);
  await expect(
    page.getByRole('radiogroup', { name: 'Tone' }).getByRole('radio', { name: 'Professional' }),
  ).toHaveAttribute('aria-checked', 'true');

  // Approve & Finish works here too.
  await page.goto(`/generate?ideas=${first.id},${second.id}`);
  await expect(generatedText(page)).toHaveValue(/Written on the Generate screen\.$/);
  await page.getByRole('button', { name: 'Approve & Finish' }).click();
  const approvePicker = page.getByRole('dialog', { name: 'Approve & Finish: who should receive it?' });
  await approvePicker.getByRole('button', { name: 'Select All' }).click();
  await approvePicker.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: 'Approved' }).getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await getIdea(page, second.id)).status).toBe('approved');
  expect((await shareForIdea(page, second.id))?.status).toBe('approved');

  // Only saved-for-later text comes back here; Send Email really sends.
  await page.goto(`/generate?ideas=${first.id},${second.id}`);
  await expect(page.getByText('Gave a talk...')).toBeVisible();
  await expect(generatedText(page)).toHaveValue('');
  await generatedText(page).fill('Two bits of news: Pepper the dog, and my meetup talk.');
  await page.getByRole('button', { name: 'Email to Contacts' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Contacts to Share With' });
  await picker.getByRole('button', { name: 'Select All' }).click();
  await picker.getByRole('button', { name: 'Send Email' }).click();
  const { sent } = await expectEmailedToAnnAndBob(page);
  await sent.getByRole('button', { name: 'Ok' }).click();
  expect((await getIdea(page, first.id)).status).toBe('sent');
  expect((await getIdea(page, second.id)).status).toBe('sent');

  await page.goto(`/generate?ideas=${first.id}`);
  await page.getByRole('button', { name: 'Change idea' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

// ── A local OpenAI-compatible server (chat completions over server-sent events) ──

/** The first request streams `words` slowly and ends; later ones stream two words and stay open. */
async function startFakeModelServer(words: string[]) {
  const server = await startFakeAiServer();
  server.reply(
    openAiStream(words, { delayMs: 400, model: 'local-llm' }),
    openAiStream(words.slice(0, 2), { delayMs: 50, holdOpen: true, model: 'local-llm' }),
  );
  return { ...server, url: `${server.url}/v1` };
}

async function signedInPage(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US' });
  const page = await context.newPage();
  await signInThroughApi(page, await registerAccount(context.request, { name: 'AI Person' }, baseUrl), baseUrl);
  return { context, page };
}

test('Generate with a local OpenAI-compatible model: the words stream in, and Stop keeps them', async ({ browser }) => {
  test.setTimeout(180_000);
  const words = ['Pepper ', 'the ', 'rescue ', 'dog ', 'now ', 'sleeps ', 'on ', 'my ', 'sofa.'];
  const model = await startFakeModelServer(words);
  // A second app server configured with the local model (the main one runs with the offline composer only).
  const app = await spawnAppServer({
    port: extraServerPort(9),
    env: { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'e2e-key', OPENAI_MODEL: 'local-llm' },
  });
  try {
    const { context, page } = await signedInPage(browser, app.baseURL);
    const origin = { origin: app.baseURL };
    const models = await (await page.request.get('/api/ai/models')).json();
    expect(models.models.map((entry: { id: string }) => entry.id)).toEqual(['offline', 'openai']);
    const settings = await page.request.put('/api/ai-settings', {
      data: { model: 'openai', temperature: 0.3, maxTokens: 600, personalizationStrength: 'high' },
      headers: origin,
    });
    expect(settings.ok(), await settings.text()).toBeTruthy();
    const idea = await createIdea(page, 'Adopted a rescue dog named Pepper.', app.baseURL);

    await page.goto(`/generate?ideas=${idea.id}`);
    await expect(page.getByText('Adopted a rescue...')).toBeVisible();
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    // The first words show while the rest is still being written.
    await expect(generatedText(page)).toHaveValue(/^Pepper the/);
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    expect(await generatedText(page).inputValue()).not.toContain('sofa.');
    await expect(generatedText(page)).toHaveValue('Pepper the rescue dog now sleeps on my sofa.');
    await expect(page.getByText('Text generated!')).toBeVisible();
    await expect(page.getByText('Written by OpenAI (local-llm)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
    await expectNoAxeViolations(page);

    const sent = model.requests[0]!.body;
    expect(sent).toMatchObject({ model: 'local-llm', temperature: 0.3, stream: true });
    expect(sent.max_tokens ?? sent.max_completion_tokens).toBe(600);
    expect(JSON.stringify(sent.messages)).toContain('Adopted a rescue dog named Pepper.');

    // Stop: the second answer never ends by itself; stopping keeps what arrived and ends the provider call.
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(generatedText(page)).toHaveValue('Pepper the ');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByText('Generation stopped.')).toBeVisible();
    await model.clientClosed;
    await expect(generatedText(page)).toHaveValue('Pepper the ');
    await expect(generatedText(page)).toBeEditable();
    await context.close();
  } finally {
    await app.stop();
    await model.close();
  }
});
