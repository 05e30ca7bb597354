// Screen 14: documents, the mobile number first (/verify, /verify/{country}, /pro/verify).
// Without JavaScript the page is one multipart form (mobile, one file, its type); the
// Uploader island sends each file to the `file` action and, when every file is done,
// calls `complete`, which posts the notice with the mobile number to the form service.
// The payload has no refId: the upload API knows the buyer by the mobile number.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { COUNTRY_BY_CURRENCY } from '../../checkout/domain.ts';
import { UPLOAD_MAX_BYTES } from '../../checkout/limits.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { parseAnyMobile, phoneCountry } from '../../checkout/validation/phone.ts';
import { validateDocumentUpload } from '../../checkout/validation/upload.ts';
import { VerifyPage } from '../../views/pages/Verify.tsx';
import { postUploadNotice } from '../flow/form-service.ts';
import { flowFrameOf } from '../flow/frame.ts';
import { meetFailure } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { checkUpload, isRefusal, type Refusal, refuse, refuseUploadToPage, wantsJson, withUploadForm } from '../flow/upload.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { textsOf } from '../i18n/plugin.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { keepForPage, takeForPage } from '../security/refusal-cookie.ts';

const DOCUMENT_COUNTRIES = ['CA', 'AU'];

/** /verify/{country} names it; /pro/verify is Canadian (Pro is CAD only); else the flow's. */
function countryOf(request: FastifyRequest): string {
  const param = (request.params as { country?: string }).country?.toUpperCase();
  if (param && DOCUMENT_COUNTRIES.includes(param)) return param;
  const flow = flowOf(request);
  return flow ? COUNTRY_BY_CURRENCY[flow.fiatCurrency] : 'CA';
}

/** The visitor's flow; Pro verification stands outside any. */
function flowOf(request: FastifyRequest) {
  return request.routeOptions.url === ROUTES.verifyPro.path ? null : readFlow(request);
}

function actionOf(request: FastifyRequest): string {
  return request.url.split('?')[0]!;
}

/** A refused form: the page shows why, with the mobile number kept (never the file). */
async function showPage(
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: Refusal,
  fields: Record<string, string>,
  errors: Record<string, string | undefined> = {},
) {
  const form = {
    values: fields.mobile ? { mobile: fields.mobile } : {},
    errors: errors.mobile ? { mobile: errors.mobile } : {},
    formErrors: refusal.messages,
  };
  if (await refuseUploadToPage(request, reply, actionOf(request), flowOf(request), form, refusal.status)) return reply;
  return renderPage(request, reply, refusal, fields, errors);
}

function renderPage(
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: Refusal,
  fields: Record<string, string>,
  errors: Record<string, string | undefined> = {},
) {
  const page = createElement(VerifyPage, {
    action: actionOf(request),
    country: countryOf(request),
    mobile: fields.mobile ?? '',
    errors,
    messages: refusal.messages,
    complete: false,
    frame: flowFrameOf(request, flowOf(request)),
  });
  return reply.render(page, { status: refusal.status });
}

/**
 * One document: its fields checked with the spec's messages, its bytes checked, then sent
 * to the upload API. `done` answers once the upload API took it.
 */
function uploadOne(done: (request: FastifyRequest, reply: FastifyReply, mobileNumber: string) => Promise<FastifyReply>) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    withUploadForm(request, reply, 1, showPage, async ({ fields, files }) => {
      const file = files[0];
      const country = countryOf(request);
      const checked = validateDocumentUpload(
        {
          mobile: fields.mobile ?? '',
          country: fields.country && DOCUMENT_COUNTRIES.includes(fields.country) ? fields.country : country,
          files: file ? [{ fileName: file.clientName, size: file.size, documentType: fields.documentType }] : [],
        },
        textsOf(request),
      );
      if (!checked.ok) {
        const fileMessages = [checked.errors.files, checked.errors['files.0']].filter((m): m is string => Boolean(m));
        const status = file && file.size > UPLOAD_MAX_BYTES ? 413 : 422;
        // The island shows every message above its form; the page puts the mobile's under its field.
        if (wantsJson(request))
          return refuse(
            request,
            reply,
            { messages: [...fileMessages, checked.errors.mobile ?? ''].filter(Boolean), status },
            fields,
            showPage,
          );
        return showPage(request, reply, { messages: fileMessages, status }, fields, { mobile: checked.errors.mobile });
      }
      const bytes = await checkUpload(file!, 'document', textsOf(request));
      if (isRefusal(bytes)) return refuse(request, reply, bytes, fields, showPage);
      const {
        mobileNumber,
        files: [document],
      } = checked.value;
      const result = await upstreamFor(request).uploadDocument({ mobileNumber, documentType: document!.documentType, ...bytes });
      if (!result.ok) {
        return meetFailure(request, reply, result.failure, 'step', {
          flow: readFlow(request),
          stay: (messages, _on, status) => refuse(request, reply, { messages, status }, fields, showPage),
        });
      }
      return done(request, reply, mobileNumber);
    });
}

/** The page; once after its form, what became of it: refused (why, the mobile kept) or done. */
async function page(request: FastifyRequest, reply: FastifyReply) {
  const kept = await takeForPage(request, reply, actionOf(request), flowOf(request) ?? undefined);
  if (kept && 'done' in kept) return renderComplete(request, reply);
  const refused = kept && 'form' in kept ? kept.form : undefined;
  const mobile = refused?.values.mobile;
  return renderPage(
    request,
    reply,
    { messages: refused?.formErrors ?? [], status: 200 },
    mobile ? { mobile } : {},
    refused?.errors ?? {},
  );
}

function renderComplete(request: FastifyRequest, reply: FastifyReply) {
  const complete = createElement(VerifyPage, {
    action: actionOf(request),
    country: countryOf(request),
    mobile: '',
    errors: {},
    messages: [],
    complete: true,
  });
  return reply.render(complete);
}

/** Without JavaScript: one document, then the notice, then a 303 to the page, which says it is done. */
const uploadAndFinish = uploadOne(async (request, reply, mobileNumber) => {
  await postUploadNotice(request, mobileNumber);
  if (await keepForPage(request, reply, actionOf(request), flowOf(request) ?? undefined, { done: true })) return reply;
  return renderComplete(request, reply);
});

export const verifyScreen = defineScreen({
  route: ROUTES.verify,
  step: 'verify',
  get: page,
  post: uploadAndFinish,
  actions: {
    file: uploadOne(async (_request, reply) => reply.send({ uploaded: true })),
    complete: async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const country = phoneCountry(typeof body.country === 'string' ? body.country : '') ?? 'CA';
      const phone = parseAnyMobile(typeof body.mobile === 'string' ? body.mobile : '', country);
      if (!phone) return reply.code(422).send({ messages: [textsOf(request).UPLOAD_MESSAGES.mobileInvalid] });
      await postUploadNotice(request, String(phone.number));
      return reply.send({ complete: true });
    },
  },
});

export const verifyElsewhereScreen = defineScreen({
  route: [ROUTES.verifyCountry, ROUTES.verifyPro],
  step: 'verify',
  get: page,
  post: uploadAndFinish,
});
