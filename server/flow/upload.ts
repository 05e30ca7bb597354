// The upload steps, once: a selfie (screens 12 and 13) and a document (screen 14). Each
// reads a multipart form, checks every file on the server (extension, magic number, size,
// dimensions; names are generated) before anything goes upstream, then sends the base64
// payload. Islands post the same forms with `accept: application/json` and get the
// messages as JSON; without JavaScript a 303 leads to the page, which shows them.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentType, ImageSource, NextAction } from '../../checkout/domain.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { UPLOAD_BODY_MAX_BYTES, UPLOAD_MAX_BYTES, UPLOAD_RETRY_AFTER_S } from '../../checkout/limits.ts';
import type { Texts } from '../../checkout/messages.ts';
import { ROUTES, type ScreenPath } from '../../checkout/routes.ts';
import { megabytes, uploadFileError } from '../../checkout/validation/upload-file.ts';
import type { FormState } from '../../ui/Field.tsx';
import { textsOf } from '../i18n/plugin.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { refuseToPage } from '../security/refusal-cookie.ts';
import { checkFileBytes } from '../uploads/file-bytes.ts';
import { readUploadForm, type UploadedFile, type UploadForm } from '../uploads/form.ts';
import { type UploadStop, UploadStopped } from '../uploads/places.ts';
import { followNextAction } from './next.ts';
import { type Answer, meetFailure } from './outcome.ts';
import { leaveStep, loadStep } from './step.ts';
import { upstreamFor } from './upstream.ts';

/** A file the edge has checked: what goes upstream. */
export interface CheckedUpload {
  fileName: string;
  extName: string;
  mimeType: string;
  encodedFile: string;
}

export type Refusal = { messages: string[]; status: number };

/** How a screen shows refusals: its page again, with what the visitor chose kept. */
export type ShowRefusal = (
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: Refusal,
  fields: Record<string, string>,
) => Answer;

/** Islands ask for JSON; a form post gets a page. */
export function wantsJson(request: FastifyRequest): boolean {
  return String(request.headers.accept ?? '').startsWith('application/json');
}

/**
 * A refused upload form sent without JavaScript: a 303 to `page`, which shows the messages
 * and the fields kept, so a reload sends no file again. Never the file: a browser cannot
 * refill a file input, and a file is no cookie's. False when it is answered here instead
 * (an island's JSON, an outage, a form too large to keep).
 */
export async function refuseUploadToPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: string,
  flow: FlowCookie | null,
  form: FormState<string>,
  status: number,
): Promise<boolean> {
  return !wantsJson(request) && refuseToPage(request, reply, page, flow ?? undefined, form, { status });
}

export function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: Refusal,
  fields: Record<string, string>,
  show: ShowRefusal,
): Answer {
  if (refusal.status === 503) reply.header('retry-after', String(UPLOAD_RETRY_AFTER_S));
  if (wantsJson(request)) return reply.code(refusal.status).send({ messages: refusal.messages });
  return show(request, reply, refusal, fields);
}

/** The one file of a form, checked from its name and size, then from its bytes. */
export async function checkUpload(file: UploadedFile, prefix: string, texts: Texts): Promise<CheckedUpload | Refusal> {
  const named = uploadFileError({ fileName: file.clientName, size: file.size }, texts);
  if (named) return { messages: [named], status: file.size > UPLOAD_MAX_BYTES ? 413 : 422 };
  if (!file.bytes) return { messages: [texts.UPLOAD_MESSAGES.unreadable], status: 422 };
  const verdict = await checkFileBytes(file.clientName, file.bytes, texts);
  if (!verdict.ok) return { messages: [verdict.message], status: verdict.status };
  return {
    // Generated: the client's name never reaches the upstream, a path or a header.
    fileName: `${prefix}-${randomUUID()}.${verdict.extName}`,
    extName: verdict.extName,
    mimeType: verdict.mimeType,
    encodedFile: file.bytes.toString('base64'),
  };
}

const isRefusal = (value: CheckedUpload | Refusal): value is Refusal => 'messages' in value;

/** What a stopped upload is told, and with which status. */
function stoppedRefusal(reason: UploadStop, bytes: number, texts: Texts): Refusal {
  if (reason === 'busy') return { messages: [texts.UPLOAD_MESSAGES.busy], status: 503 };
  if (reason === 'slow') return { messages: [texts.UPLOAD_MESSAGES.unfinished], status: 408 };
  return { messages: [texts.UPLOAD_MESSAGES.tooLarge(megabytes(bytes))], status: 413 };
}

/**
 * Reads one upload form while `work` sends it, with a place at the gate (uploads/places.ts):
 * taken once the file's bytes arrive, or when the whole form has; none: 503 with Retry-After.
 * A form that is not multipart, too large by its Content-Length, too slow to arrive, or that
 * broke off is refused here too; what is refused before its end closes the connection.
 */
export async function withUploadForm(
  request: FastifyRequest,
  reply: FastifyReply,
  maxFiles: number,
  show: ShowRefusal,
  work: (form: UploadForm) => Answer,
): Promise<FastifyReply> {
  const texts = textsOf(request);
  const gate = request.server.uploadGate;
  if (!request.isMultipart()) return refuse(request, reply, { messages: [texts.UPLOAD_MESSAGES.none], status: 415 }, {}, show);
  const announced = Number(request.headers['content-length'] ?? 0);
  const unread = (refusal: Refusal) => {
    // The body is not read (or not all of it): the connection closes after the answer.
    reply.header('connection', 'close');
    return refuse(request, reply, refusal, {}, show);
  };
  // The file's size told from the form's, before a byte of it is read.
  if (announced > UPLOAD_BODY_MAX_BYTES) return unread(stoppedRefusal('tooLarge', announced, texts));
  if (gate.heldBy(request.ip) >= gate.settings.perAddress) return unread(stoppedRefusal('busy', 0, texts));
  const watch = gate.watch(request.ip);
  try {
    const reading = readUploadForm(request, maxFiles, (bytes) => watch.arrived(bytes));
    // Read to the end, or stopped first (a trickle that brings no byte is stopped by the clock).
    const outcome = await Promise.race([
      reading.then(
        (form) => ({ form }),
        (error: unknown) => ({ error }),
      ),
      watch.stopped.then((stop) => ({ stop })),
    ]);
    if ('stop' in outcome) {
      void reading.catch(() => {});
      request.log.info({ reason: outcome.stop, bytes: watch.bytes }, 'upload stopped');
      return unread(stoppedRefusal(outcome.stop, watch.bytes, texts));
    }
    if ('error' in outcome) {
      if (outcome.error instanceof UploadStopped) return unread(stoppedRefusal(outcome.error.reason, watch.bytes, texts));
      request.log.info({ err: outcome.error }, 'upload form broke off');
      return refuse(request, reply, { messages: [texts.UPLOAD_MESSAGES.unfinished], status: 400 }, {}, show);
    }
    const { form } = outcome;
    if (!watch.take()) return refuse(request, reply, stoppedRefusal('busy', 0, texts), {}, show);
    if (form.extraFiles > 0)
      return refuse(request, reply, { messages: [texts.UPLOAD_MESSAGES.oneFileOnly], status: 422 }, form.fields, show);
    return await work(form);
  } finally {
    watch.end();
  }
}

/**
 * The selfie, by camera or upload: one file to `selfieimage`, then nextAction decides. Only
 * while the upstream has the visitor at `atStep`, as the page itself requires: a selfie
 * posted at another step is not read, and the visitor goes where the upstream is.
 */
export function selfieStep(options: { screen: ScreenPath; atStep: NextAction; imageSource: ImageSource; show: ShowRefusal }) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const texts = textsOf(request);
    const flow = readFlow(request);
    if (!flow) return reply.redirect(ROUTES.home.path, 303);
    const load = await loadStep(request, options.screen, options.atStep);
    if (load.kind !== 'ready') {
      // The body is not read: the connection closes after the answer.
      reply.header('connection', 'close');
      return leaveStep(request, reply, load, options.screen);
    }
    return withUploadForm(request, reply, 1, options.show, async ({ fields, files }) => {
      const file = files[0];
      if (!file) return refuse(request, reply, { messages: [texts.UPLOAD_MESSAGES.none], status: 422 }, fields, options.show);
      const checked = await checkUpload(file, 'selfie', texts);
      if (isRefusal(checked)) return refuse(request, reply, checked, fields, options.show);
      const documentType: DocumentType = 'SELFIE';
      const result = await upstreamFor(request).selfieImage(flow.txnType, {
        refId: flow.refId,
        documentType,
        imageSource: options.imageSource,
        ...checked,
      });
      const stay = (messages: string[], status: number) => refuse(request, reply, { messages, status }, fields, options.show);
      if (result.ok) return followNextAction(request, reply, flow, result.value, options.screen, stay);
      return meetFailure(request, reply, result.failure, 'step', {
        flow,
        stay: (messages, _on, status) => stay(messages, status),
      });
    });
  };
}

export { isRefusal };
