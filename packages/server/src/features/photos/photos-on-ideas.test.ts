import { ideaListSchema, ideaSchema } from '@life-updates/contract/ideas';
import { shareReviewResponseSchema } from '@life-updates/contract/shares';
import { beforeEach, describe, expect, it } from 'vitest';
import { addPhotos, colourPngs } from '../../../test/photo-uploads.ts';
import { createUser, testAppForFile, type TestUser } from '../../../test/test-app.ts';

const testApp = testAppForFile();
let alice: TestUser;
let bob: TestUser;

const inject = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

async function createIdea(user: TestUser, content: string): Promise<string> {
  const response = await inject(user, 'POST', '/api/ideas', { content });
  expect(response.statusCode, response.body).toBe(201);
  expect(ideaSchema.parse(response.json()).photos).toEqual([]);
  return (response.json() as { id: string }).id;
}

async function listIdeas(user: TestUser) {
  const response = await inject(user, 'GET', '/api/ideas');
  expect(response.statusCode).toBe(200);
  return ideaListSchema.parse(response.json()).ideas;
}

beforeEach(async () => {
  alice = await createUser(testApp.app);
  bob = await createUser(testApp.app);
});

describe('ideas carry their photos', () => {
  it('lists each idea with its own photos, in their order, and never another user’s', async () => {
    const lisbon = await createIdea(alice, 'We moved to Lisbon');
    const job = await createIdea(alice, 'A new job at the port');
    const plain = await createIdea(alice, 'No pictures of this one');
    const [first, second] = await addPhotos(testApp.app, alice, lisbon, await colourPngs(['#ff0000', '#00ff00']));
    const [third] = await addPhotos(testApp.app, alice, job, await colourPngs(['#0000ff']));
    const bobsIdea = await createIdea(bob, 'Bob’s idea');
    await addPhotos(testApp.app, bob, bobsIdea, await colourPngs(['#ffffff']));

    const reordered = await testApp.app.inject({
      method: 'PUT',
      url: `/api/ideas/${lisbon}/photos/order`,
      headers: alice.headers,
      payload: { photoIds: [second!.id, first!.id] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);

    const ideas = await listIdeas(alice);
    const photosOf = (id: string) => ideas.find((idea) => idea.id === id)?.photos.map((photo) => photo.id);
    expect(photosOf(lisbon)).toEqual([second!.id, first!.id]);
    expect(photosOf(job)).toEqual([third!.id]);
    expect(photosOf(plain)).toEqual([]);
    expect(ideas.flatMap((idea) => idea.photos).every((photo) => photo.ideaId !== bobsIdea)).toBe(true);
    const listed = ideas.find((idea) => idea.id === job)!.photos[0]!;
    expect(listed).toMatchObject({
      url: `/api/photos/${third!.id}`,
      thumbnailUrl: `/api/photos/${third!.id}/thumbnail`,
    });

    expect((await listIdeas(bob)).flatMap((idea) => idea.photos)).toHaveLength(1);
  });

  it('answers an edit, and a create sent again with its key, with the idea’s photos', async () => {
    const key = crypto.randomUUID();
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/ideas',
      headers: { ...alice.headers, 'idempotency-key': key },
      payload: { content: 'Sent twice' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ideaId = ideaSchema.parse(created.json()).id;
    const [photo] = await addPhotos(testApp.app, alice, ideaId, await colourPngs(['#123456']));

    const edited = await inject(alice, 'PATCH', `/api/ideas/${ideaId}`, { content: 'Sent twice, edited' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ideaSchema.parse(edited.json()).photos.map((each) => each.id)).toEqual([photo!.id]);

    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/ideas',
      headers: { ...alice.headers, 'idempotency-key': key },
      payload: { content: 'Sent twice' },
    });
    expect(again.statusCode, again.body).toBeLessThan(300);
    expect(ideaSchema.parse(again.json()).photos.map((each) => each.id)).toEqual([photo!.id]);
  });
});

describe('Summeris shows the photos of a share’s ideas', () => {
  it('in the share’s idea order, then each idea’s photo order', async () => {
    const first = await createIdea(alice, 'First idea');
    const second = await createIdea(alice, 'Second idea');
    const [a, b] = await addPhotos(testApp.app, alice, first, await colourPngs(['#ff0000', '#00ff00']));
    const [c] = await addPhotos(testApp.app, alice, second, await colourPngs(['#0000ff']));
    const approved = await inject(alice, 'POST', '/api/shares/approve', {
      ideaIds: [second, first],
      text: 'Our news',
      preferences: {
        platform: 'telegram',
        length: 'medium',
        tone: 'professional',
        intent: 'inspire',
        sentiment: 'joy',
        structure: 'bulletins',
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const review = await inject(alice, 'GET', '/api/shares/review');
    expect(review.statusCode).toBe(200);
    const { pending } = shareReviewResponseSchema.parse(review.json());
    expect(pending).toHaveLength(1);
    expect(pending[0]!.photos.map((photo) => photo.id)).toEqual([c!.id, a!.id, b!.id]);

    const bobs = shareReviewResponseSchema.parse((await inject(bob, 'GET', '/api/shares/review')).json());
    expect([...bobs.pending, ...bobs.sent].flatMap((share) => share.photos)).toEqual([]);
  });
});
