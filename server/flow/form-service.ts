// The notice to the third-party form service after a document upload (docs/spec.md section 4):
// the mobile number, posted once. It informs the merchant's team; the visitor's upload is
// done either way, so a failure here is logged, never shown.
import type { FastifyRequest } from 'fastify';
import { request as send } from 'undici';

const NOTICE_TIMEOUT_MS = 5_000;

export async function postUploadNotice(request: FastifyRequest, mobileNumber: string): Promise<boolean> {
  const url = request.server.thirdParty.formServiceUrl;
  if (!url) {
    request.log.warn('upload notice not sent: FORM_SERVICE_URL is not set');
    return false;
  }
  try {
    const response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': request.id },
      body: JSON.stringify({ mobileNumber }),
      headersTimeout: NOTICE_TIMEOUT_MS,
      bodyTimeout: NOTICE_TIMEOUT_MS,
    });
    await response.body.dump();
    if (response.statusCode >= 300)
      request.log.warn({ status: response.statusCode }, 'upload notice refused by the form service');
    return response.statusCode < 300;
  } catch (error) {
    request.log.warn({ err: error }, 'upload notice not delivered');
    return false;
  }
}
