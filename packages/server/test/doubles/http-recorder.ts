import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Plumbing shared by the HTTP doubles (sendgrid.ts, resend.ts): a local server that records every
 * request and answers as the double decides. It imitates no service by itself; the behaviour, and
 * the documentation each part of it follows, lives in the service's own file.
 */

export type RecordedRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The JSON body parsed, else the raw text (undefined when empty). */
  body: unknown;
  /** The body exactly as sent. */
  rawBody: string;
};

export type StubAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * `answerDelayMs` holds each answer that long after its body arrived, as a distant API takes a
 * moment; `peakBytesInFlight` is the most body bytes it was receiving or holding at once.
 */
export async function startRecordingServer(
  respond: (request: RecordedRequest, index: number) => StubAnswer,
  { answerDelayMs = 0 }: { answerDelayMs?: number } = {},
) {
  const requests: RecordedRequest[] = [];
  const load = { bytesInFlight: 0, peakBytesInFlight: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      load.bytesInFlight += chunk.length;
      load.peakBytesInFlight = Math.max(load.peakBytesInFlight, load.bytesInFlight);
    });
    request.on('end', async () => {
      if (answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
      load.bytesInFlight -= size;
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown = rawBody;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        // keep the raw text
      }
      const recorded = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
        rawBody,
      };
      requests.push(recorded);
      const answer = respond(recorded, requests.length - 1);
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    load,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
