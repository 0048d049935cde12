import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Data for the Create Content and Generate specs, made through the real API in the page's session. */
function origin() {
  return { origin: process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}` };
}

export type CreatedIdea = { id: string; title: string; content: string; createdAt: string; status: string };

export async function createIdea(page: Page, content: string, base?: string): Promise<CreatedIdea> {
  const response = await page.request.post(`${base ?? ''}/api/events`, {
    data: { content },
    headers: base ? { origin: base } : origin(),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedIdea;
}

export async function createContact(page: Page, name: string, email: string, relationship = 'friend') {
  const response = await page.request.post('/api/contacts', {
    data: { name, email, relationship },
    headers: origin(),
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as { id: string };
}

export async function getIdea(page: Page, id: string) {
  const response = await page.request.get(`/api/events/${id}`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as CreatedIdea & { preferences: Record<string, string> | null };
}

export async function shareForIdea(page: Page, id: string) {
  const response = await page.request.get(`/api/shares/for-event/${id}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { share: { status: string; summaries: Record<string, string> } | null }).share;
}

export async function outboxRecipients(page: Page) {
  const response = await page.request.get('/api/outbox');
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { items: Array<{ to: string; text: string }> }).items;
}

/** The Generated Text area. */
export const generatedText = (page: Page) => page.getByRole('textbox', { name: 'Generated Text' });
