// The headers every response carries but the CSP: helmet's, worked out once at start-up.
// Their own file, so the answers made outside Fastify (http/, ops/) carry them without
// importing the security plugin.
import type { ServerResponse } from 'node:http';
import helmet from 'helmet';

/** The headers helmet sets with these options, as one object. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The headers every response carries (the probe worker's too), but the CSP. */
export const SECURITY_HEADERS = helmetHeaders({
  contentSecurityPolicy: false, // set per response with its nonce (plugin.ts)
  crossOriginEmbedderPolicy: false,
  hsts: { maxAge: 15552000, includeSubDomains: false },
});
