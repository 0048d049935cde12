import multipart from '@fastify/multipart';
import {
  incomingShareLocation,
  sharedTextFields,
  sharedTextSchema,
  shareTargetPath,
  type SharedText,
} from '@life-updates/contract/share-target';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { finished } from 'node:stream/promises';

/** Each text field is read up to this many bytes (an idea's 10,000 characters, four bytes each at most). */
const maxFieldBytes = 40_000;
/**
 * The query of the page this sends the browser to stays within what this server reads in a request
 * line (Node's 16 KiB for all headers, the session cookie among them).
 */
const maxQueryLength = 8_000;

type ReadShare = { text: SharedText; photos: number };

/**
 * The text fields of a POST share, counting its files, whose bytes are read past and dropped. A
 * form cut short or past a limit gives what came before: the text fields come first in a share
 * (Web Share Target, "Launching the web share target": title, text and url, then the files).
 */
async function readShare(request: FastifyRequest): Promise<ReadShare> {
  const fields: Record<string, string> = {};
  let photos = 0;
  if (!request.isMultipart()) return { text: {}, photos };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // An HTML form's empty file input sends a part without a file name.
        if (part.filename) photos += 1;
        part.file.resume();
        await finished(part.file);
      } else if ((sharedTextFields as readonly string[]).includes(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    request.log.info({ err: error }, 'share form read in part');
  }
  const parsed = sharedTextSchema.safeParse(fields);
  return { text: parsed.success ? parsed.data : {}, photos };
}

/**
 * POST /share without the service worker (a first visit from the share sheet, or the browser
 * cleared it): the worker keeps a share's photos on the device for the page (packages/web/src/sw.ts),
 * which the server cannot do, so the photos are dropped and counted, and the browser goes on to
 * GET /share (303) with the text and that count; the page keeps the text for the new-idea box and
 * says the photos did not come through. Never a 404: the manifest sends every share here.
 * Registered with the web app (plugins/web-app.ts); multipart is registered in this scope only.
 *
 * No check of where the POST came from: it saves nothing, and any site can already fill the
 * new-idea box with a link to GET /share?text=… (the page this answers with), so refusing a
 * cross-site POST would stop nothing. A real share would pass such a check (Chrome on Android posts
 * it as a browser-initiated navigation, without an initiator: `Sec-Fetch-Site: none`).
 */
export async function shareTargetRoute(app: FastifyInstance) {
  // Any other body is ignored unread past its limit: the share's text arrives as multipart.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );
  await app.register(multipart, {
    // Files are only counted; fileSize keeps busboy from holding a large one in its buffers.
    limits: { fields: 20, fieldSize: maxFieldBytes, files: 100, fileSize: 1, parts: 120 },
    throwFileSizeLimit: false,
  });
  app.post(shareTargetPath, { schema: { hide: true } }, async (request, reply) => {
    const share = await readShare(request);
    const location = incomingShareLocation({ ...share.text, missedPhotos: share.photos }, { maxQueryLength });
    return reply.header('cache-control', 'no-store').redirect(location, 303);
  });
}
