// `npm run bench:photos`: the Photos figures of docs/benchmarks.md, measured on this machine.
//   - the built server's idle RSS before any photo (sharp not loaded) and after photos (loaded), and
//     what the photos left behind, beside issue 43's goals;
//   - time of POST /api/ideas/:id/photos with one 12-megapixel JPEG (4000 × 3000, ~10 MB, EXIF
//     orientation 6), over loopback: reading, processing (upright, metadata dropped, 2048 px and
//     400 px JPEGs), storing; and the server's peak RSS while it runs;
//   - then, on a second server sending through a local SMTP server: a share of one idea with three
//     12-megapixel photos emailed to one contact: the raw MIME message's size as the SMTP server
//     received it, its inline images, and the time from the send request to the message's arrival.
// Options: --runs=<n> uploads (default 8).
import { simpleParser } from 'mailparser';
import { parseArgs } from 'node:util';
import {
  call,
  idleRss,
  machine,
  pause,
  rssMiB,
  signIn,
  signUp,
  startServer,
  startSmtpServer,
  twelveMegapixelJpeg,
} from './bench-server.mjs';
import { buildServerIfStale, serverEnvironment } from './build-server.mjs';

const options = parseArgs({ strict: false }).values;
const runs = Number(options.runs ?? 8);

/**
 * The email of a share with three 12-megapixel photos, through SMTP: the account is confirmed by the
 * link in its verification mail (a server that sends mail requires it), then one idea gets the three
 * photos and the share goes to one contact. The stored images (2048 px) weigh over 1 MB each here,
 * so each is made smaller for the mail.
 */
async function measureEmail() {
  const smtp = await startSmtpServer({ keepMessages: true });
  const server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'bench@life.test' });
  const { baseUrl } = server;
  try {
    const email = 'bench-email@example.com';
    await signUp(baseUrl, email, 'Bench');
    while (smtp.arrivals.length === 0) await pause(50);
    const verification = await simpleParser(smtp.arrivals[0].raw);
    const link = /https?:\/\/[^\s"<>]*verify[^\s"<>]*/.exec(verification.text ?? '')?.[0];
    if (!link) throw new Error('no verification link in the first mail');
    await fetch(link, { redirect: 'manual' });
    const cookie = await signIn(baseUrl, email);
    const idea = (await call(baseUrl, cookie, 'POST', '/api/ideas', { content: 'Three photos from the coast' })).json;
    const photos = [];
    for (const seed of [11, 12, 13]) photos.push(await twelveMegapixelJpeg(seed));
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
    const stored = [];
    for (const photo of (await uploaded.json()).photos) {
      const file = await fetch(`${baseUrl}${photo.url}`, { headers: { cookie } });
      stored.push((await file.arrayBuffer()).byteLength);
    }
    const contact = (
      await call(baseUrl, cookie, 'POST', '/api/contacts', { name: 'Reader', email: 'reader@example.com' })
    ).json;
    const { preferenceFallbacks } = await import('../packages/contract/src/preferences.ts');
    const before = smtp.arrivals.length;
    const started = performance.now();
    await call(baseUrl, cookie, 'POST', '/api/shares/send', {
      ideaIds: [idea.id],
      text: 'Dear Reader,\n\nThree photos from the coast this week.\n\n[Your Name]',
      preferences: preferenceFallbacks,
      destinations: { contactIds: [contact.id] },
    });
    while (smtp.arrivals.length === before) await pause(20);
    const message = smtp.arrivals[before];
    const parsed = await simpleParser(message.raw, { skipImageLinks: true });
    const images = parsed.attachments.map((item) => item.content.length);
    return {
      photos: photos.map((photo) => Number((photo.length / 1024 / 1024).toFixed(2))),
      storedImageMiB: stored.map((bytes) => Number((bytes / 1024 / 1024).toFixed(2))),
      inlineImageMiB: images.map((bytes) => Number((bytes / 1024 / 1024).toFixed(2))),
      inlineImagesTotalMiB: Number((images.reduce((sum, bytes) => sum + bytes, 0) / 1024 / 1024).toFixed(2)),
      rawMimeBytes: message.raw.length,
      rawMimeMiB: Number((message.raw.length / 1024 / 1024).toFixed(2)),
      sendToArrivalMs: Math.round(message.at - started),
    };
  } finally {
    await server.stop();
    await smtp.close();
  }
}

await buildServerIfStale();
let results;
const server = await startServer();
const { baseUrl, pid } = server;
try {
  const email = 'bench-photos@example.com';
  await signUp(baseUrl, email, 'Bench');
  const cookie = await signIn(baseUrl, email);
  const withoutSharp = await idleRss(pid);

  const photo = await twelveMegapixelJpeg();
  let peak = rssMiB(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 5);
  const times = [];
  let ideaId;
  for (let run = 0; run < runs; run += 1) {
    // A new idea every 10 photos (the limit per idea).
    if (run % 10 === 0) {
      ideaId = (await call(baseUrl, cookie, 'POST', '/api/ideas', { content: `Bench idea ${run}` })).json.id;
    }
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'IMG_0001.JPG');
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/ideas/${ideaId}/photos`, {
      method: 'POST',
      headers: { origin: baseUrl, cookie },
      body: form,
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
  }
  clearInterval(sampler);
  const withSharp = await idleRss(pid);
  const sorted = [...times].sort((a, b) => a - b);
  results = {
    machine: machine(),
    photo: { width: 4000, height: 3000, megabytes: Number((photo.length / 1024 / 1024).toFixed(1)) },
    uploadMs: {
      first: Math.round(times[0]),
      median: Math.round(sorted[Math.floor(sorted.length / 2)]),
      max: Math.round(sorted.at(-1)),
    },
    serverRssMiB: {
      idleWithoutSharp: Math.round(withoutSharp),
      peakWhileProcessing: Math.round(peak),
      idleAfterPhotos: Math.round(withSharp),
      keptAfterPhotos: Math.round(withSharp - withoutSharp),
      // Issue 43's goals for a 512 MiB server.
      goals: { peakWhileProcessing: 400, idleAfterPhotos: 220 },
    },
    // What the server was started with (scripts/build-server.mjs, serverEnvironment; the caller's environment wins).
    malloc: {
      MALLOC_ARENA_MAX: serverEnvironment.MALLOC_ARENA_MAX,
      MALLOC_MMAP_THRESHOLD_: serverEnvironment.MALLOC_MMAP_THRESHOLD_,
    },
  };
} finally {
  await server.stop();
}

results.email = await measureEmail();
console.log(JSON.stringify(results, null, 2));
