import type { FastifyInstance } from 'fastify';
import type { JobQueue } from './jobs.ts';

/** Registers every background worker on the job queue. Features add theirs here. */
export async function registerWorkers(_app: FastifyInstance, _jobs: JobQueue) {}
