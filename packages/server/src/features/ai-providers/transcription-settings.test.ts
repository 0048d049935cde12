import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonAnswer, startTranscriptionDouble, type TranscriptionDouble } from '../../../test/doubles/transcription.ts';
import { buildApp } from '../../app.ts';
import { createUser, testAppForFile, type TestUser } from '../../../test/test-app.ts';
import { makeTestClip } from './transcription-settings.ts';

let whisper: TranscriptionDouble;
beforeAll(async () => {
  whisper = await startTranscriptionDouble();
});
afterAll(() => whisper.close());

const testApp = testAppForFile();
let admin: TestUser;
let alice: TestUser;
const secretKey = 'sk-whisper-key-never-returned';

beforeAll(async () => {
  admin = await createUser(testApp.app, 'root@example.com');
  alice = await createUser(testApp.app, 'alice@example.com');
});

/** A short spoken recording, as the voice e2e makes its fake microphone's: espeak-ng's WAV. */
function spokenClip(): Uint8Array {
  const folder = mkdtempSync(path.join(tmpdir(), 'stt-clip-'));
  try {
    const file = path.join(folder, 'clip.wav');
    execFileSync('espeak-ng', ['-w', file, 'We planted tomatoes']);
    return readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function upload(app: FastifyInstance, user: TestUser, audio: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([Uint8Array.from(audio)], { type: 'audio/wav' }), 'blob');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/api/transcription',
    headers: { ...user.headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('speech to text set up in Settings → Admin', () => {
  it('is for admins only', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/transcription',
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(403);
  });

  it('once saved, transcribes a user recording through the double with no restart; the key is never sent back', async () => {
    const before = await testApp.app.inject({
      method: 'GET',
      url: '/api/transcription/status',
      headers: alice.headers,
    });
    expect(before.json()).toEqual({ available: false });

    const saved = await testApp.app.inject({
      method: 'PUT',
      url: '/api/admin/transcription',
      headers: admin.headers,
      payload: { baseUrl: whisper.url, apiKey: secretKey, model: 'whisper-large-v3' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      isFromEnvironment: false,
      settings: { baseUrl: whisper.url, model: 'whisper-large-v3', hasApiKey: true },
    });
    expect(saved.body).not.toContain(secretKey);

    const after = await testApp.app.inject({ method: 'GET', url: '/api/transcription/status', headers: alice.headers });
    expect(after.json()).toEqual({ available: true });

    whisper.answer = jsonAnswer(200, { text: 'We planted tomatoes' });
    const clip = spokenClip();
    const transcribed = await upload(testApp.app, alice, clip);
    expect(transcribed.statusCode, transcribed.body).toBe(200);
    expect(transcribed.json()).toEqual({ text: 'We planted tomatoes' });
    expect(whisper.received.at(-1)).toMatchObject({
      path: '/v1/audio/transcriptions',
      authorization: `Bearer ${secretKey}`,
      model: 'whisper-large-v3',
      fileName: 'recording.wav',
      fileSize: clip.length,
    });
  });

  it("the admin's test sends a clip it makes and shows the answer, or the provider's error", async () => {
    whisper.answer = jsonAnswer(200, { text: '' });
    const ok = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/transcription/test',
      headers: admin.headers,
    });
    expect(ok.json()).toMatchObject({ isOk: true, text: '' });
    expect(whisper.received.at(-1)).toMatchObject({ fileName: 'recording.wav', fileSize: makeTestClip().length });

    // OpenAI's answer to a bad key (https://platform.openai.com/docs/guides/error-codes).
    whisper.answer = jsonAnswer(401, {
      error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' },
    });
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/transcription/test',
      headers: admin.headers,
    });
    expect(refused.json()).toEqual({
      isOk: false,
      problem: 'wrongKey',
      message: 'The provider refused the key. Check the API key.',
      providerMessage: 'Incorrect API key provided.',
    });
    const inRussian = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/transcription/test',
      headers: { ...admin.headers, 'accept-language': 'ru' },
    });
    expect(inRussian.json()).toMatchObject({
      problem: 'wrongKey',
      message: 'Провайдер не принял ключ. Проверьте API-ключ.',
      providerMessage: 'Incorrect API key provided.',
    });
  });

  it('removed, voice says it needs a provider again', async () => {
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/admin/transcription',
      headers: admin.headers,
    });
    expect(removed.json()).toEqual({ isFromEnvironment: false, settings: null });
    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/transcription/status',
      headers: alice.headers,
    });
    expect(status.json()).toEqual({ available: false });
  });

  it('set up on one instance, serves the users of another on the same database', async () => {
    // A second server on the same database, built before the admin saves anything, as behind a load balancer.
    const other = await buildApp({
      config: testApp.config,
      database: testApp.database,
      jobs: undefined,
      webDistDir: null,
    });
    await other.ready();
    try {
      const status = () => other.inject({ method: 'GET', url: '/api/transcription/status', headers: alice.headers });
      expect((await status()).json()).toEqual({ available: false });

      const saved = await testApp.app.inject({
        method: 'PUT',
        url: '/api/admin/transcription',
        headers: admin.headers,
        payload: { baseUrl: whisper.url, apiKey: secretKey, model: 'whisper-on-the-first' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await status()).json()).toEqual({ available: true });
      whisper.answer = jsonAnswer(200, { text: 'Heard by the other instance' });
      const transcribed = await upload(other, alice, spokenClip());
      expect(transcribed.json()).toEqual({ text: 'Heard by the other instance' });
      expect(whisper.received.at(-1)).toMatchObject({ model: 'whisper-on-the-first' });

      await testApp.app.inject({ method: 'DELETE', url: '/api/admin/transcription', headers: admin.headers });
      expect((await status()).json()).toEqual({ available: false });
    } finally {
      await other.close();
    }
  });
});
