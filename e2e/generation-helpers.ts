import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, mainServerOrigin, signInThroughApi, type TestAccount } from './fixtures';

/** Data for the Create Content and Generate specs, made through the real API in the page's session. */
function origin() {
  return { origin: mainServerOrigin() };
}

export type CreatedIdea = { id: string; title: string; content: string; createdAt: string; status: string };

export async function createIdea(page: Page, content: string, base?: string): Promise<CreatedIdea> {
  const response = await page.request.post(`${base ?? ''}/api/ideas`, {
    data: { content },
    headers: base ? { origin: base } : origin(),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedIdea;
}

/** One of Create Content's exits through the API: the ideas' share keeps the text. */
async function keepTextThroughApi(page: Page, exit: 'approve' | 'save-for-later', ideaIds: string[], text: string) {
  const response = await page.request.post(`/api/shares/${exit}`, {
    data: {
      ideaIds,
      text,
      preferences: {
        platform: 'linkedin',
        length: 'short',
        tone: 'casual',
        intent: 'educate',
        sentiment: 'awe',
        structure: 'storytelling',
      },
    },
    headers: origin(),
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** Approve & Finish through the API: the ideas' share gets the text and the ideas go to Ready. */
export const approveThroughApi = (page: Page, ideaIds: string[], text: string) =>
  keepTextThroughApi(page, 'approve', ideaIds, text);

/** Save for later through the API: the ideas' share gets the text and the ideas go to Later. */
export const saveForLaterThroughApi = (page: Page, ideaIds: string[], text: string) =>
  keepTextThroughApi(page, 'save-for-later', ideaIds, text);

export async function createContact(page: Page, name: string, email: string, relationship = 'friend') {
  const response = await page.request.post('/api/contacts', {
    data: { name, email, relationship },
    headers: origin(),
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as { id: string };
}

/** One idea as the app's list shows it (the API reads ideas through the list only). */
export async function getIdea(page: Page, id: string) {
  const response = await page.request.get('/api/ideas');
  expect(response.ok()).toBeTruthy();
  type StoredIdea = CreatedIdea & { preferences: Record<string, string> | null; linkedinPostUrl: string | null };
  const idea = ((await response.json()) as { ideas: StoredIdea[] }).ideas.find((listed) => listed.id === id);
  expect(idea, `idea ${id} in the list`).toBeDefined();
  return idea!;
}

export async function shareForIdea(page: Page, id: string) {
  const response = await page.request.get(`/api/shares/for-idea/${id}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { share: { status: string; texts: Record<string, string> } | null }).share;
}

export async function outboxRecipients(page: Page) {
  const response = await page.request.get('/api/outbox');
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { items: Array<{ to: string; text: string }> }).items;
}

/** The Generated Text area. */
export const generatedText = (page: Page) => page.getByRole('textbox', { name: 'Generated Text' });

/**
 * The opening both specs share: sign in, open the screen with nothing chosen, check its title and
 * its "nothing chosen" text, and scan it.
 */
export async function openWithNothingChosen(
  page: Page,
  account: TestAccount,
  screen: { path: '/create' | '/generate'; title: string; emptyText: string },
) {
  await signInThroughApi(page, account);
  await page.goto(screen.path);
  await expect(page).toHaveTitle(`${screen.title} | Life Updates`);
  await expect(page.getByText(screen.emptyText)).toBeVisible();
  await expectNoAxeViolations(page);
}

/** The two recipients of the email steps: Ann (a friend) and Bob (a colleague), two distinct contacts. */
export async function createAnnAndBob(page: Page): Promise<void> {
  const ann = await createContact(page, 'Ann Friend', 'ann@example.com');
  const bob = await createContact(page, 'Bob Colleague', 'bob@example.com', 'colleague');
  expect(ann.id).not.toBe(bob.id);
}

/**
 * Opens the screen the way the dashboard does, handing the chosen idea(s) over as navigation
 * state (`selectedIdea` for Create Content, `selectedIdeas` for Generate).
 */
export async function openWithHandedOverIdeas(
  page: Page,
  path: '/create' | '/generate',
  state: { selectedIdea: unknown } | { selectedIdeas: unknown[] },
) {
  if (new URL(page.url()).pathname !== path) await page.goto(path);
  await page.evaluate(({ path, state }) => window.history.replaceState({ usr: state, key: 'e2e', idx: 0 }, '', path), {
    path,
    state,
  });
  await page.reload();
}

/** After Send Email: the "Sent" dialog, and one outbox message each for Ann and Bob. */
export async function expectEmailedToAnnAndBob(page: Page) {
  const sent = page.getByRole('dialog', { name: 'Sent' });
  await expect(sent.getByText('Email sent.')).toBeVisible({ timeout: 30_000 });
  const outbox = await outboxRecipients(page);
  expect(outbox.map((message) => message.to).sort()).toEqual(['ann@example.com', 'bob@example.com']);
  return { sent, outbox };
}
