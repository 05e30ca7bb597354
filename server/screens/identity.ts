// Screens 11-13: the selfie with photo ID. The choice, the camera and the single-file
// upload are pages of the SUBMIT_SELFIEDOC step; the camera and the upload post the same
// multipart form (imageSource WEBCAM or UPLOAD), checked by flow/upload.ts, and the
// upstream's nextAction decides what follows (ADMIN_REVIEW is the usual answer). A page
// loaded after the rate hold is the quote-expired choice: a picked file cannot be carried.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { COUNTRY_BY_CURRENCY } from '../../checkout/domain.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { ImageInputCameraPage, ImageInputChoicePage, ImageInputUploadPage } from '../../views/pages/Identity.tsx';
import { flowFrameOf } from '../flow/frame.ts';
import { whileHeld } from '../flow/new-quote.ts';
import { defineScreen } from '../flow/screen.ts';
import { stepPage } from '../flow/step.ts';
import { type Refusal, refuseUploadToPage, selfieStep } from '../flow/upload.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { takeRefusal } from '../security/refusal-cookie.ts';

/** The selfie step's pages: the upstream must have the visitor at SUBMIT_SELFIEDOC. */
const SELFIE_STEP = 'SUBMIT_SELFIEDOC';

function countryOf(request: FastifyRequest): string {
  const flow = readFlow(request);
  return flow ? COUNTRY_BY_CURRENCY[flow.fiatCurrency] : 'CA';
}

const UPLOAD = ROUTES.imageInputUpload.path;

/** A refused selfie: the upload page shows why (also where a camera post without its island lands). */
async function showUpload(request: FastifyRequest, reply: FastifyReply, refusal: Refusal) {
  const form = { values: {}, errors: {}, formErrors: refusal.messages };
  if (await refuseUploadToPage(request, reply, UPLOAD, readFlow(request), form, refusal.status)) return reply;
  return renderUpload(request, reply, refusal);
}

function renderUpload(request: FastifyRequest, reply: FastifyReply, refusal: Refusal) {
  return reply.render(
    createElement(ImageInputUploadPage, {
      country: countryOf(request),
      messages: refusal.messages,
      frame: flowFrameOf(request, readFlow(request)),
    }),
    {
      status: refusal.status,
    },
  );
}

export const imageInputChoiceScreen = defineScreen({
  route: ROUTES.imageInputChoice,
  step: 'verify',
  get: stepPage(
    ROUTES.imageInputChoice.path,
    whileHeld((request, reply) =>
      reply.render(
        createElement(ImageInputChoicePage, {
          country: countryOf(request),
          frame: flowFrameOf(request, readFlow(request)),
        }),
      ),
    ),
    SELFIE_STEP,
  ),
});

export const imageInputCameraScreen = defineScreen({
  route: ROUTES.imageInputCamera,
  step: 'verify',
  get: stepPage(
    ROUTES.imageInputCamera.path,
    whileHeld((request, reply) =>
      reply.render(
        createElement(ImageInputCameraPage, {
          country: countryOf(request),
          frame: flowFrameOf(request, readFlow(request)),
        }),
      ),
    ),
    SELFIE_STEP,
  ),
  post: selfieStep({ screen: ROUTES.imageInputCamera.path, atStep: SELFIE_STEP, imageSource: 'WEBCAM', show: showUpload }),
});

export const imageInputUploadScreen = defineScreen({
  route: ROUTES.imageInputUpload,
  step: 'verify',
  get: stepPage(
    ROUTES.imageInputUpload.path,
    whileHeld(async (request, reply, { flow }) => {
      const refused = await takeRefusal(request, reply, UPLOAD, flow);
      return renderUpload(request, reply, { messages: refused?.formErrors ?? [], status: 200 });
    }),
    SELFIE_STEP,
  ),
  post: selfieStep({ screen: ROUTES.imageInputUpload.path, atStep: SELFIE_STEP, imageSource: 'UPLOAD', show: showUpload }),
});
