import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createOpenAiTranscriptionProvider,
  resolveTranscriptionSettings,
} from '../../providers/transcription/create-transcription-provider.ts';
import { TranscriptionError } from '../../providers/transcription/transcription-provider.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import {
  jsonAnswer as json,
  startTranscriptionDouble,
  type TranscriptionDouble,
} from '../../../test/doubles/transcription.ts';

let whisper: TranscriptionDouble;

beforeAll(async () => {
  whisper = await startTranscriptionDouble();
});
afterAll(async () => {
  await whisper.close();
});
beforeEach(() => {
  whisper.received.length = 0;
  whisper.answer = json(200, { text: 'Hello world' });
});

async function multipart(bytes: Uint8Array, type: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([Uint8Array.from(bytes)], { type }), 'blob');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

const someAudio = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4, 5, 6, 7, 8]);

describe('with a transcription provider configured', () => {
  let testApp: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { TRANSCRIPTION_BASE_URL: whisper.url, TRANSCRIPTION_API_KEY: 'test-key' } });
    user = await createUser(testApp.app);
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function transcribe(bytes: Uint8Array, type: string, headers: Record<string, string> = {}) {
    const { payload, contentType } = await multipart(bytes, type);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/transcription',
      headers: { ...user.headers, 'content-type': contentType, ...headers },
      payload,
    });
  }

  it('says voice input is available', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/transcription/status' });
    expect(response.json()).toEqual({ available: true });
  });

  it('sends the recording as recording.webm with the model and a bearer key, and returns the text', async () => {
    const response = await transcribe(someAudio, 'audio/webm;codecs=opus');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ text: 'Hello world' });
    expect(whisper.received).toEqual([
      {
        path: '/v1/audio/transcriptions',
        authorization: 'Bearer test-key',
        fileName: 'recording.webm',
        fileType: 'audio/webm',
        fileSize: someAudio.length,
        model: 'whisper-1',
      },
    ]);
  });

  it('names other accepted types by their own extension', async () => {
    for (const [type, fileName] of [
      ['audio/ogg', 'recording.ogg'],
      ['audio/mp4', 'recording.mp4'],
      ['audio/wav', 'recording.wav'],
      ['audio/mpeg', 'recording.mp3'],
    ] as const) {
      expect((await transcribe(someAudio, type)).statusCode).toBe(200);
      expect(whisper.received.at(-1)).toMatchObject({ fileName, fileType: type });
    }
  });

  it('accepts a recording over the 1 MB JSON body limit', async () => {
    const twoMegabytes = new Uint8Array(2 * 1024 * 1024).fill(7);
    const response = await transcribe(twoMegabytes, 'audio/webm');
    expect(response.statusCode, response.body).toBe(200);
    expect(whisper.received[0]?.fileSize).toBe(twoMegabytes.length);
  });

  it("passes the provider's error message through", async () => {
    whisper.answer = json(400, { error: { message: 'Invalid file format.', type: 'invalid_request_error' } });
    const response = await transcribe(someAudio, 'audio/webm');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ code: 'TRANSCRIPTION_FAILED', message: 'Invalid file format.' });
  });

  it('says "Error transcribing audio" for a provider failure without a message', async () => {
    whisper.answer = { status: 500, body: 'upstream exploded' };
    const response = await transcribe(someAudio, 'audio/webm');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('Error transcribing audio');
    const russian = await transcribe(someAudio, 'audio/webm', { 'accept-language': 'ru' });
    expect(russian.json().message).toBe('Ошибка расшифровки аудио');
  });

  it('says "Failed to transcribe audio" when no usable answer comes back', async () => {
    whisper.answer = json(200, { result: 'no text field' });
    expect((await transcribe(someAudio, 'audio/webm')).json().message).toBe('Failed to transcribe audio');
    whisper.answer = 'hang-up';
    const response = await transcribe(someAudio, 'audio/webm');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('Failed to transcribe audio');
  });

  it('gives 422 "No speech detected" for an empty result', async () => {
    whisper.answer = json(200, { text: '   ' });
    const response = await transcribe(someAudio, 'audio/webm');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'NO_SPEECH', message: 'No speech detected. Please try again.' });
  });

  it('refuses other types, empty and missing files and non-multipart bodies before calling the provider', async () => {
    const wrongType = await transcribe(someAudio, 'text/plain');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toBe('This audio format is not supported. Record in WebM, Ogg, MP4, WAV or MP3.');

    const empty = await transcribe(new Uint8Array(), 'audio/webm');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('No recording was received. Please try again.');

    const jsonBody = await testApp.app.inject({
      method: 'POST',
      url: '/api/transcription',
      headers: user.headers,
      payload: { text: 'hi' },
    });
    expect(jsonBody.statusCode).toBe(400);

    const form = new FormData();
    form.append('note', 'no file here');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const noFile = await testApp.app.inject({
      method: 'POST',
      url: '/api/transcription',
      headers: { ...user.headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(noFile.statusCode).toBe(400);
    expect(whisper.received).toEqual([]);
  });

  it('refuses a recording over 25 MB with 413', async () => {
    const tooLarge = new Uint8Array(25 * 1024 * 1024 + 1);
    const response = await transcribe(tooLarge, 'audio/webm');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The recording is too large. The limit is 25 MB.');
    expect(whisper.received).toEqual([]);
  });

  it('needs a session', async () => {
    const { payload, contentType } = await multipart(someAudio, 'audio/webm');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/transcription',
      headers: { origin: 'http://localhost:3000', 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(401);
    expect(whisper.received).toEqual([]);
  });
});

describe('without a transcription provider', () => {
  let testApp: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    user = await createUser(testApp.app);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('says voice input is unavailable and answers 503 with the reason', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/transcription/status' })).json()).toEqual({
      available: false,
    });
    const { payload, contentType } = await multipart(someAudio, 'audio/webm');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/transcription',
      headers: { ...user.headers, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('TRANSCRIPTION_UNAVAILABLE');
    expect(response.json().message).toContain('Voice input needs a transcription provider');
  });
});

describe('falling back to the OPENAI_* settings', () => {
  it('uses the OpenAI base URL, key and the default model', async () => {
    const testApp = await createTestApp({ env: { OPENAI_BASE_URL: whisper.url, OPENAI_API_KEY: 'openai-key' } });
    try {
      const user = await createUser(testApp.app);
      const { payload, contentType } = await multipart(someAudio, 'audio/webm');
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/transcription',
        headers: { ...user.headers, 'content-type': contentType },
        payload,
      });
      expect(response.json()).toEqual({ text: 'Hello world' });
      expect(whisper.received[0]).toMatchObject({
        authorization: 'Bearer openai-key',
        model: 'whisper-1',
        fileName: 'recording.webm',
      });
    } finally {
      await testApp.close();
    }
  });

  it('never sends the OpenAI key to a separately configured transcription server', () => {
    const base = { TRANSCRIPTION_MODEL: 'whisper-1' };
    expect(resolveTranscriptionSettings({ ...base })).toBeNull();
    expect(resolveTranscriptionSettings({ ...base, OPENAI_API_KEY: 'sk' })).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk',
      model: 'whisper-1',
    });
    expect(
      resolveTranscriptionSettings({
        ...base,
        TRANSCRIPTION_BASE_URL: 'http://whisper.local:9000/v1',
        OPENAI_API_KEY: 'sk',
      }),
    ).toEqual({
      baseUrl: 'http://whisper.local:9000/v1',
      apiKey: undefined,
      model: 'whisper-1',
    });
    expect(
      resolveTranscriptionSettings({
        ...base,
        TRANSCRIPTION_BASE_URL: 'https://api.openai.com/v1/',
        OPENAI_API_KEY: 'sk',
        TRANSCRIPTION_MODEL: 'gpt-4o-transcribe',
      }),
    ).toEqual({ baseUrl: 'https://api.openai.com/v1/', apiKey: 'sk', model: 'gpt-4o-transcribe' });
  });
});

describe('the OpenAI-compatible provider', () => {
  it('gives up after its timeout', async () => {
    whisper.answer = 'slow';
    const provider = createOpenAiTranscriptionProvider({
      baseUrl: `${whisper.url}/`,
      model: 'whisper-1',
      timeoutMs: 200,
    });
    const error = await provider
      .transcribe({ audio: someAudio, mimeType: 'audio/webm' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranscriptionError);
    expect((error as TranscriptionError).kind).toBe('other');
    // No key configured: no authorization header; the trailing slash of the base URL is handled.
    expect(whisper.received[0]).toMatchObject({ path: '/v1/audio/transcriptions', authorization: undefined });
  });
});
