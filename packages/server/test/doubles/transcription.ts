import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The double of OpenAI-compatible speech to text (OpenAI's Whisper API, and local whisper servers
 * that copy it): `POST {base}/audio/transcriptions`, a multipart body with `file` and `model`, a
 * bearer key, and `{ "text": "..." }` back (https://platform.openai.com/docs/api-reference/audio/createTranscription).
 * Errors are `{ error: { message, type } }` with the HTTP status (https://platform.openai.com/docs/guides/error-codes).
 * It parses the multipart body as the real service must, refuses what the documentation says it
 * refuses (another path: 404; no `file` or `model`, an empty file or a type outside the documented
 * list: 400), and otherwise answers whatever the test sets. Checked against the documentation
 * only; no real key is reachable from here.
 */
export type TranscriptionRequest = {
  path: string;
  authorization: string | undefined;
  fileName: string;
  fileType: string;
  fileSize: number;
  model: string | null;
};
/** What the double answers: a status and body, a dropped connection, or a text after 2 s. */
export type TranscriptionAnswer = { status: number; body: string } | 'hang-up' | 'slow';

export type TranscriptionDouble = {
  /** The base URL, ending in /v1, as TRANSCRIPTION_BASE_URL takes it. */
  url: string;
  received: TranscriptionRequest[];
  /** The answer to every request, after any in `nextAnswers`. */
  answer: TranscriptionAnswer;
  /** Answers for the next requests, one each, in order. */
  nextAnswers: TranscriptionAnswer[];
  /** How long a model takes before it answers. */
  delayMs: number;
  close: () => Promise<void>;
};

/** The file types the API takes (https://platform.openai.com/docs/guides/speech-to-text). */
const acceptedExtensions = ['flac', 'mp3', 'mp4', 'mpeg', 'mpga', 'm4a', 'ogg', 'oga', 'wav', 'webm'];
const invalidRequest = (message: string) => jsonAnswer(400, { error: { message, type: 'invalid_request_error' } });

export const jsonAnswer = (status: number, body: unknown): TranscriptionAnswer => ({
  status,
  body: JSON.stringify(body),
});

export async function startTranscriptionDouble(): Promise<TranscriptionDouble> {
  const double: TranscriptionDouble = {
    url: '',
    received: [],
    answer: jsonAnswer(200, { text: 'Hello world' }),
    nextAnswers: [],
    delayMs: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
    const file = form.get('file');
    double.received.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      fileName: file instanceof File ? file.name : '',
      fileType: file instanceof File ? file.type : '',
      fileSize: file instanceof File ? file.size : 0,
      model: typeof form.get('model') === 'string' ? (form.get('model') as string) : null,
    });
    const model = form.get('model');
    const extension = file instanceof File ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
    const refusal = !(request.url ?? '').endsWith('/audio/transcriptions')
      ? jsonAnswer(404, { error: { message: 'Invalid URL', type: 'invalid_request_error' } })
      : !(file instanceof File) || typeof model !== 'string' || model === ''
        ? invalidRequest('file and model are required')
        : file.size === 0 || !acceptedExtensions.includes(extension)
          ? invalidRequest(`Invalid file format. Supported formats: ${JSON.stringify(acceptedExtensions)}`)
          : null;
    const answer = refusal ?? double.nextAnswers.shift() ?? double.answer;
    if (double.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, double.delayMs));
    if (answer === 'hang-up') return request.socket.destroy();
    if (answer === 'slow') return setTimeout(() => response.end('{"text":"late"}'), 2000);
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return double;
}
