// A request's target as a path and query (server/http/request-target.ts): what routes,
// redirects and links are built from never names a scheme or another host.
import t from 'tap';
import { originForm } from '../../server/http/request-target.ts';

t.test('the origin form is kept as it is', async (t) => {
  for (const url of ['/', '/price-quote?lang=fr-CA', '/a//b', '/?next=//evil.example', '*']) t.equal(originForm(url), url, url);
});

t.test('the absolute form loses its scheme and host', async (t) => {
  const cases: [string, string][] = [
    ['http://evil.example/?lang=fr-CA', '/?lang=fr-CA'],
    ['https://evil.example:8443/terms-of-service', '/terms-of-service'],
    ['http://evil.example?lang=fr-CA', '/?lang=fr-CA'],
    ['http://evil.example', '/'],
    ['HTTP://user@evil.example//again.example/', '/again.example/'],
  ];
  for (const [url, path] of cases) t.equal(originForm(url), path, url);
});

t.test('a path opening with more than one slash, or a backslash, opens with one slash', async (t) => {
  const cases: [string, string][] = [
    ['//evil.example/?lang=fr-CA', '/evil.example/?lang=fr-CA'],
    ['/\\evil.example/', '/evil.example/'],
    ['\\\\evil.example', '/evil.example'],
    ['///', '/'],
  ];
  for (const [url, path] of cases) t.equal(originForm(url), path, url);
});
