// `npm run bench:email-sends`: the memory of a share's batch of large mails, for docs/benchmarks.md
// (Photos). The built server sends through SendGrid's API (a local stand-in below), and one share of
// an idea with three 12-megapixel photos (about 0.75 MiB each in the mail) goes to 25 contacts: one
// batch of the delivery worker, each mail one JSON body with the images in Base64. The server's RSS
// is sampled every 5 ms from the send request until the 25th mail is accepted.
// Options: --rounds=<n> shares sent one after the other, each of a new idea (default 3).
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildServerIfStale } from './build-server.mjs';
import {
  call,
  idleRss,
  machine,
  pause,
  rssMiB,
  signIn,
  signUp,
  startServer,
  twelveMegapixelJpeg,
} from './bench-server.mjs';

const options = parseArgs({ strict: false }).values;
const rounds = Number(options.rounds ?? 3);
const contactCount = 25;
const mebibytes = (bytes) => Number((bytes / 1024 / 1024).toFixed(1));

/**
 * SendGrid's Mail Send endpoint as far as the server needs it: 202 with an X-Message-Id
 * (https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send), each answer held
 * `answerDelayMs` after the body arrived, as a distant API takes a moment. It counts the bytes of
 * the bodies it is receiving or holding: what the server has in flight.
 */
async function startSendgridStandIn({ answerDelayMs = 300 } = {}) {
  const accepted = [];
  let inFlight = 0;
  let peakInFlight = 0;
  const server = createServer((request, response) => {
    let size = 0;
    const chunks = [];
    request.on('data', (chunk) => {
      size += chunk.length;
      inFlight += chunk.length;
      peakInFlight = Math.max(peakInFlight, inFlight);
      chunks.push(chunk);
    });
    request.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      await pause(answerDelayMs);
      accepted.push(body);
      inFlight -= size;
      response.writeHead(202, { 'x-message-id': randomBytes(16).toString('base64url').slice(0, 22) });
      response.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    accepted,
    takePeakInFlight: () => {
      const peak = peakInFlight;
      peakInFlight = inFlight;
      return peak;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

await buildServerIfStale();
const sendgrid = await startSendgridStandIn();
const server = await startServer({
  SENDGRID_API_KEY: 'SG.bench',
  SENDGRID_BASE_URL: sendgrid.url,
  MAIL_FROM: 'bench@life.test',
});
const { baseUrl, pid } = server;
let results;
try {
  const email = 'bench-sends@example.com';
  await signUp(baseUrl, email, 'Bench');
  // A server that sends mail requires a confirmed address: the link is in the verification mail.
  while (sendgrid.accepted.length === 0) await pause(50);
  const verificationText = sendgrid.accepted[0].content.map((part) => part.value).join('\n');
  const link = /https?:\/\/[^\s"<>]*verify-email[^\s"<>]*/.exec(verificationText)?.[0];
  if (!link) throw new Error('no verification link in the first mail');
  await fetch(link, { redirect: 'manual' });
  const cookie = await signIn(baseUrl, email);
  const send = async (method, url, body) => (await call(baseUrl, cookie, method, url, body)).json;
  const contactIds = [];
  for (let index = 1; index <= contactCount; index += 1) {
    contactIds.push(
      (await send('POST', '/api/contacts', { name: `Reader ${index}`, email: `reader${index}@example.com` })).id,
    );
  }
  const photos = [];
  for (const seed of [11, 12, 13]) photos.push(await twelveMegapixelJpeg(seed));
  const { preferenceFallbacks } = await import('../packages/contract/src/preferences.ts');
  const idle = await idleRss(pid);
  const batches = [];
  for (let round = 0; round < rounds; round += 1) {
    const idea = await send('POST', '/api/ideas', { content: `Three photos from the coast, round ${round + 1}` });
    const form = new FormData();
    for (const [index, photo] of photos.entries()) {
      form.append('file', new Blob([photo], { type: 'image/jpeg' }), `IMG_000${index + 1}.JPG`);
    }
    const uploaded = await fetch(`${baseUrl}/api/ideas/${idea.id}/photos`, {
      method: 'POST',
      headers: { origin: baseUrl, cookie },
      body: form,
    });
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`);
    const before = await idleRss(pid);
    const expected = sendgrid.accepted.length + contactCount;
    sendgrid.takePeakInFlight();
    let peak = rssMiB(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 5);
    const started = performance.now();
    await send('POST', '/api/shares/send', {
      ideaIds: [idea.id],
      text: 'Dear Reader,\n\nThree photos from the coast this week.\n\n[Your Name]',
      preferences: preferenceFallbacks,
      destinations: { contactIds },
    });
    while (sendgrid.accepted.length < expected) await pause(20);
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    const last = sendgrid.accepted.at(-1);
    batches.push({
      rssBeforeMiB: Math.round(before),
      peakRssMiB: Math.round(peak),
      peakBodiesInFlightMiB: mebibytes(sendgrid.takePeakInFlight()),
      mailBodyMiB: mebibytes(Buffer.byteLength(JSON.stringify(last))),
      imagesPerMail: last.attachments?.length ?? 0,
      sendToLastAcceptedMs: Math.round(elapsed),
    });
  }
  results = { machine: machine(), idleRssMiB: Math.round(idle), contacts: contactCount, batches };
} finally {
  await server.stop();
  await sendgrid.close();
}
console.log(JSON.stringify(results, null, 2));
