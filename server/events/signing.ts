// Standard Webhooks (standardwebhooks.com): each delivery carries `webhook-id`,
// `webhook-timestamp` (seconds) and `webhook-signature`, `v1,` and the base64 HMAC-SHA256 of
// `id.timestamp.body` under the endpoint's secret. Signed with every secret the endpoint's
// variable holds, space-separated, so a receiver keeps verifying while its secret rotates.
// The spec's own library (standardwebhooks) makes each signature: a receiver checks with the
// same code (docs/merchants.md#verifying-a-signature).
import { Webhook } from 'standardwebhooks';

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** One library instance per secret, made once: it decodes the key. */
const signers = new Map<string, Webhook>();

function signerOf(secret: string): Webhook {
  let signer = signers.get(secret);
  if (!signer) {
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return signer;
}

/** The headers of one attempt, made at `now` (ms since the epoch): a retry is signed anew. */
export function signedHeaders(id: string, now: number, body: string, secrets: readonly string[]): SignedHeaders {
  const at = new Date(Math.floor(now / 1000) * 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now / 1000)),
    'webhook-signature': secrets.map((secret) => signerOf(secret).sign(id, at, body)).join(' '),
  };
}
