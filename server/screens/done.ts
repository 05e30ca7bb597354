// Done, on the payment and completion pages (docs/spec.md section 4): a POST that forgets the
// flow and leaves for the merchant's success URL.
import { ROUTES } from '../../checkout/routes.ts';
import { finishFlow } from '../flow/redirects.ts';
import { defineScreen } from '../flow/screen.ts';

export const doneScreen = defineScreen({
  route: ROUTES.done,
  post: (request, reply) => finishFlow(request, reply),
});
