import pLimit from 'p-limit';
import type sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';

export type SharpFactory = typeof sharp;

let sharpLoaded: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips) is loaded on the first image job, not at start-up: a server whose users never add
 * a photo keeps its memory (docs/benchmarks.md, Photos). Its operation cache is off: jobs come one
 * at a time, and a cache would only hold memory between them.
 */
function loadSharp(): Promise<SharpFactory> {
  sharpLoaded ??= import('sharp').then(({ default: loaded }) => {
    loaded.cache(false);
    return loaded;
  });
  return sharpLoaded;
}

/**
 * Every sharp call of the process runs through this queue, one job at a time (decision 019). A
 * sharp pipeline holds one of libuv's worker threads from start to end, and the session check
 * (better-auth's signed cookie, WebCrypto HMAC) and file reads need those threads too: four large
 * images at once used to hold all four and stall every signed-in request for tens of seconds.
 */
const queue = pLimit(1);

/**
 * Jobs that may wait behind the running one before an upload is refused: one idea's worth of
 * photos (the web app sends a person's photos one after another; a script may send them at once).
 * Each waiting upload holds its file (at most maxPhotoBytes) in memory.
 */
export const maxWaitingImageJobs = 10;

/**
 * Uploads one user may have in the queue (running or waiting) at once: half the waiting room, so
 * one user's script cannot fill the queue and have every other user's photos refused.
 */
export const maxImageJobsPerUser = maxWaitingImageJobs / 2;

/** Uploads in the queue, by the user who sent them. */
const jobsByUser = new Map<string, number>();

/** How long a refused upload is told to wait: about what the queue's jobs take on a small server. */
const retryAfterSeconds = 30;

export const imageQueueFull = () =>
  new AppError({
    // 429 with Retry-After (RFC 6585): the web app shows a 4xx's message, and this one says to wait.
    status: 429,
    code: 'PHOTO_QUEUE_FULL',
    message: 'photos.errors.queueFull',
    values: { seconds: retryAfterSeconds },
  });

/**
 * Runs `job` with sharp once the jobs before it are done, and answers what it answers. An upload
 * (`uploadedBy`: the user whose request it is) is refused with a 429 while `maxWaitingImageJobs` are
 * waiting, or while that user already has `maxImageJobsPerUser` in the queue, so one user cannot
 * pile up work; a background job (`uploadedBy: null`: an email's photos, a bot's photo) always
 * waits its turn: its own worker already bounds how many there are.
 */
export function runImageJob<T>(
  job: (sharp: SharpFactory) => Promise<T>,
  { uploadedBy }: { uploadedBy: string | null },
): Promise<T> {
  if (uploadedBy === null) return queue(async () => job(await loadSharp()));
  const queued = jobsByUser.get(uploadedBy) ?? 0;
  if (queue.pendingCount >= maxWaitingImageJobs || queued >= maxImageJobsPerUser) {
    return Promise.reject(imageQueueFull());
  }
  jobsByUser.set(uploadedBy, queued + 1);
  return queue(async () => job(await loadSharp())).finally(() => {
    const left = (jobsByUser.get(uploadedBy) ?? 1) - 1;
    if (left === 0) jobsByUser.delete(uploadedBy);
    else jobsByUser.set(uploadedBy, left);
  });
}

/**
 * An image's width and height from its header, outside the queue: libvips reads the header
 * without decoding a pixel, so it holds a worker thread only briefly.
 */
export async function readImageHeader(input: Buffer): Promise<{ width?: number; height?: number }> {
  const sharp = await loadSharp();
  const { width, height } = await sharp(input).metadata();
  return { width, height };
}

/** The jobs running and waiting, for tests. */
export function imageQueueLength(): number {
  return queue.activeCount + queue.pendingCount;
}
