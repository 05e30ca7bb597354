import t from 'tap';
import { normaliseHost } from '../../server/tenancy/host.ts';

t.test('lower case, port and one trailing dot are normalised away', async (t) => {
  t.equal(normaliseHost('Maple.LocalHost'), 'maple.localhost');
  t.equal(normaliseHost('maple.localhost:3000'), 'maple.localhost');
  t.equal(normaliseHost('maple.localhost.'), 'maple.localhost');
  t.equal(normaliseHost('MAPLE.localhost.:8443'), 'maple.localhost');
  t.equal(normaliseHost('maple.localhost:'), 'maple.localhost', 'an empty port is allowed by RFC 3986');
  t.equal(normaliseHost('localhost'), 'localhost');
  t.equal(normaliseHost('127.0.0.1:3000'), '127.0.0.1');
  t.equal(normaliseHost('xn--mple-43d.localhost'), 'xn--mple-43d.localhost', 'punycode is plain ASCII');
});

t.test('IPv6 literals keep their brackets and lose the port', async (t) => {
  t.equal(normaliseHost('[::1]'), '[::1]');
  t.equal(normaliseHost('[::1]:3000'), '[::1]');
  t.equal(normaliseHost('[0:0:0:0:0:0:0:1]:80'), '[::1]', 'compressed to one spelling');
  t.equal(normaliseHost('[2001:DB8::A]'), '[2001:db8::a]');
  t.equal(normaliseHost('[::ffff:127.0.0.1]'), '[::ffff:7f00:1]');
  t.equal(normaliseHost('[::1]:'), '[::1]', 'empty port, allowed as for names');
  for (const bad of ['[::1', '[]', '[:]', '[::g]', '[::1]x', '[::1]:abc', '[fe80::1%25eth0]', '[1:2:3:4:5:6:7:8:9]']) {
    t.equal(normaliseHost(bad), null, JSON.stringify(bad));
  }
});

t.test('missing, empty and malformed headers are invalid', async (t) => {
  const cases: (string | undefined)[] = [
    undefined,
    '',
    '.',
    '..',
    ':80',
    'maple.localhost..',
    '.maple.localhost',
    'maple..localhost',
    'maple.localhost\r\nX-Injected: 1',
    'maple.localhost\n',
    'maple.localhost\r',
    ' maple.localhost',
    'maple localhost',
    'maple.localhost\t',
    'user@maple.localhost',
    'maple.localhost/path',
    'maple.localhost\\evil',
    'maple_shop.localhost',
    'maple.localhost:123456',
    'maple.localhost:80:80',
    'maple.localhost:8o',
    'm\u0430ple.localhost', // Cyrillic a
    '\u212Aelvin.localhost', // Kelvin sign lower-cases to "k": must not sneak through
    'maple.localhost\u0000',
  ];
  for (const raw of cases) t.equal(normaliseHost(raw), null, JSON.stringify(raw));
});

t.test('length limits: 255 characters in all, 63 per label', async (t) => {
  const label63 = 'a'.repeat(63);
  const host255 = [label63, label63, label63, label63].join('.');
  t.equal(host255.length, 255);
  t.equal(normaliseHost(host255), host255);
  t.equal(normaliseHost(`${host255}a`), null, '256 characters');
  t.equal(normaliseHost('x'.repeat(256)), null);
  t.equal(normaliseHost(`${'a'.repeat(64)}.localhost`), null, '64-character label');
  t.equal(normaliseHost(`${label63}.localhost`), `${label63}.localhost`);
});

t.test('look-alikes stay themselves, so only an exact lookup can match', async (t) => {
  t.equal(normaliseHost('maple.localhost.evil.test'), 'maple.localhost.evil.test');
  t.equal(normaliseHost('evil-maple.localhost'), 'evil-maple.localhost');
  t.equal(normaliseHost('maple.localhost-evil.test'), 'maple.localhost-evil.test');
});

t.test('fast on hostile input (no backtracking)', async (t) => {
  const hostile = ['a.'.repeat(127), `${'a'.repeat(254)}!`, `[${':'.repeat(40)}]`, 'a'.repeat(255)];
  const start = process.hrtime.bigint();
  for (let i = 0; i < 20_000; i++) for (const h of hostile) normaliseHost(h);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  t.ok(ms < 2000, `80k hostile headers in ${ms.toFixed(0)} ms`);
});
