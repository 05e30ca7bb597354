// The audio step the spec leaves open (audio-input, and audio-input-skip for vouchers):
// VOICECLIP.MISSING at verification sends the visitor here. The page gives the merchant's
// toll-free number and what to say; Continue asks the upstream where the order stands and
// follows its nextAction (the upstream knows whether the call was made). The skip variant
// also offers to continue without the call, which asks the same question.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { ROUTES } from '../../checkout/routes.ts';
import { AudioInputPage } from '../../views/pages/AudioInput.tsx';
import { flowFrameOf } from '../flow/frame.ts';
import { resumeFlow } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { readFlow } from '../security/flow-cookie.ts';

function audioScreen(route: typeof ROUTES.audioInput | typeof ROUTES.audioInputSkip, skippable: boolean) {
  return defineScreen({
    route,
    step: 'verify',
    get: async (request: FastifyRequest, reply: FastifyReply) => {
      const flow = readFlow(request);
      if (!flow) return reply.redirect(ROUTES.home.path, 302);
      return reply.render(
        createElement(AudioInputPage, {
          action: route.path,
          skippable,
          refId: flow.refId,
          messages: [],
          frame: flowFrameOf(request, flow),
        }),
      );
    },
    post: async (request: FastifyRequest, reply: FastifyReply) => {
      const flow = readFlow(request);
      if (!flow) return reply.redirect(ROUTES.home.path, 303);
      return resumeFlow(request, reply, flow);
    },
  });
}

export const audioInputScreen = audioScreen(ROUTES.audioInput, false);
export const audioInputSkipScreen = audioScreen(ROUTES.audioInputSkip, true);
