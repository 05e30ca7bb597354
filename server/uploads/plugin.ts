// Uploads at the edge: @fastify/multipart parses the forms (streamed, so a large file never
// sits in a body buffer), and the upload places (places.ts) bound how many uploads are held
// in memory at once, and by whom. Past them the edge answers 503 with Retry-After instead of growing.
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { UPLOAD_BODY_MAX_BYTES, UPLOAD_CONCURRENCY } from '../../checkout/limits.ts';
import { type UploadPlaceSettings, UploadPlaces } from './places.ts';

/**
 * A quarter of the places per address; a place once 64 KiB have come (a photo is hundreds);
 * a floor of 1 KiB/s over 10 s, which a phone on a poor network still passes and a
 * trickle of a byte a second does not.
 */
export const UPLOAD_PLACES: UploadPlaceSettings = {
  places: UPLOAD_CONCURRENCY,
  perAddress: Math.max(1, Math.floor(UPLOAD_CONCURRENCY / 4)),
  usefulBytes: 64 * 1024,
  floorBytesPerS: 1024,
  floorWindowMs: 10_000,
  maxBytes: UPLOAD_BODY_MAX_BYTES,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** [edge-uploads] The upload places and who holds them. */
    uploadGate: UploadPlaces;
  }
}

export const uploadsPlugin = fp<{ places?: Partial<UploadPlaceSettings> }>(
  async (app, opts) => {
    // Limits are set per request in readUploadForm; here only the parser is added.
    await app.register(multipart, { throwFileSizeLimit: false });
    app.decorate('uploadGate', new UploadPlaces({ ...UPLOAD_PLACES, ...opts.places }));
  },
  { name: 'edge-uploads', fastify: '5.x' },
);
