// Uploads at the edge: @fastify/multipart parses the forms (streamed, so a large file never
// sits in a body buffer), and a gate bounds how many uploads are held in memory at once.
// Past the gate the edge answers 503 with Retry-After instead of growing.
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { UPLOAD_CONCURRENCY } from '../../checkout/limits.ts';

export interface UploadGate {
  /** Take a place; false when every place is taken. */
  enter(): boolean;
  leave(): void;
  readonly inFlight: number;
}

export function createUploadGate(places: number): UploadGate {
  let inFlight = 0;
  return {
    enter() {
      if (inFlight >= places) return false;
      inFlight += 1;
      return true;
    },
    leave() {
      inFlight = Math.max(0, inFlight - 1);
    },
    get inFlight() {
      return inFlight;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** [edge-uploads] Uploads being held in memory. */
    uploadGate: UploadGate;
  }
}

export const uploadsPlugin = fp<{ concurrency?: number }>(
  async (app, opts) => {
    // Limits are set per request in readUploadForm; here only the parser is added.
    await app.register(multipart, { throwFileSizeLimit: false });
    app.decorate('uploadGate', createUploadGate(opts.concurrency ?? UPLOAD_CONCURRENCY));
  },
  { name: 'edge-uploads', fastify: '5.x' },
);
