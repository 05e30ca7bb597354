// The journey helpers' visitor (journey.ts) over a real socket: the same walk, each request
// an HTTP request to the listening edge instead of app.inject.
import { request } from 'undici';
import { Visitor } from './journey.ts';
import type { Stack } from './stack.ts';

interface Injected {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function cookiesOf(header: string | string[] | undefined) {
  return [header ?? []].flat().map((line) => {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    const maxAge = attributes.map((a) => /^\s*max-age=(-?\d+)/i.exec(a)?.[1]).find(Boolean);
    return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), ...(maxAge ? { maxAge: Number(maxAge) } : {}) };
  });
}

/** A visitor on `host` whose every request goes over the stack's socket. */
export function socketVisitor(stack: Stack, host?: string): Visitor {
  const inject = async ({ method, url, headers, payload }: Injected) => {
    const answer = await request(`http://127.0.0.1:${stack.port}${url}`, { method: method as 'GET', headers, body: payload });
    const body = await answer.body.text();
    return { statusCode: answer.statusCode, headers: answer.headers, body, cookies: cookiesOf(answer.headers['set-cookie']) };
  };
  const app = new Proxy(stack.app, { get: (target, key) => (key === 'inject' ? inject : Reflect.get(target, key)) });
  return new Visitor({ ...stack, app } as Stack, host);
}
