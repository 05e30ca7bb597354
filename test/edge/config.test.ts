import { fileURLToPath } from 'node:url';
import pino from 'pino';
import t from 'tap';
import { ConfigError, parseConfig } from '../../server/config.ts';
import { featuresOff, resolveThirdParty } from '../../server/third-party.ts';

const SECRET = 's'.repeat(32);
const UPSTREAM = { UPSTREAM_URL: 'https://api.example', SESSION_SECRET: SECRET };

t.test('defaults', async (t) => {
  const c = parseConfig({});
  t.equal(c.port, 3000);
  t.equal(c.host, '127.0.0.1');
  t.equal(
    c.merchantsDir,
    fileURLToPath(new URL('../../merchants', import.meta.url)),
    "the project's merchants/, from any working directory",
  );
  t.equal(c.upstreamUrl, undefined);
  t.equal(c.unknownHosts, 'fallback');
  t.equal(c.logLevel, 'info');
  t.same(c.trustProxy, []);
  t.ok(c.sessionSecretGenerated, 'a secret is generated when none is given');
  t.ok(c.sessionSecret.length >= 32);
});

t.test('each bad value is refused with the variable named', async (t) => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ UNKNOWN_HOSTS: 'maybe' }, /UNKNOWN_HOSTS/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY.*not a boolean or hop count/],
    [{ TRUST_PROXY: '2' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ UPSTREAM_URL: 'not a url', SESSION_SECRET: 'x'.repeat(32) }, /UPSTREAM_URL/],
    [{ UPSTREAM_URL: 'https://api.example' }, /SESSION_SECRET: required when UPSTREAM_URL is set/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET/],
  ];
  for (const [env, message] of cases) {
    t.throws(() => parseConfig(env), { name: 'ConfigError', message }, JSON.stringify(env));
  }
  t.ok(new ConfigError('x') instanceof Error);
});

t.test('TRUST_PROXY takes addresses and CIDRs', async (t) => {
  t.same(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy, ['10.0.0.0/8', '127.0.0.1', '::1']);
});

t.test('upstream settings', async (t) => {
  const c = parseConfig({ UPSTREAM_URL: 'https://api.example/', SESSION_SECRET: 's'.repeat(40) });
  t.equal(c.sandbox.enabled, false);
  t.equal(c.upstreamUrl, 'https://api.example', 'trailing slash removed');
  t.equal(c.sessionSecretGenerated, false);
});

t.test(
  'the embedded sandbox: by default outside production, on request in production, never beside a real upstream',
  async (t) => {
    t.equal(parseConfig({}).sandbox.enabled, true, 'development without UPSTREAM_URL');
    t.equal(parseConfig({ NODE_ENV: 'test' }).sandbox.enabled, true, 'tests');
    t.equal(parseConfig({ NODE_ENV: 'production', SANDBOX: 'on' }).sandbox.enabled, true, 'production with SANDBOX=on');
    t.equal(parseConfig({ NODE_ENV: 'production', SANDBOX: 'on', ...UPSTREAM }).sandbox.enabled, false, 'the real upstream wins');
    t.equal(parseConfig({ SANDBOX: 'on', ...UPSTREAM }).sandbox.enabled, false);
    t.equal(parseConfig({ NODE_ENV: 'production', ...UPSTREAM }).sandbox.enabled, false);
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', SANDBOX: 'off' }, { SANDBOX: 'off' }]) {
      t.throws(
        () => parseConfig(env),
        { name: 'ConfigError', message: /^UPSTREAM_URL is not set and SANDBOX is not on: [^\n]+$/ },
        JSON.stringify(env),
      );
    }
    t.throws(() => parseConfig({ SANDBOX: 'yes' }), { message: /SANDBOX/ });
  },
);

t.test('a third-party URL left unset turns its feature off; the edge still gets the rest', async (t) => {
  const none = resolveThirdParty(parseConfig(UPSTREAM), 'https://api.example');
  t.equal(none.cardQuoteUrl, undefined);
  t.equal(none.uploadUrl, 'https://api.example/upload', 'upload defaults to the upstream');
  t.same(none.available, { card: false, identity: false, uploadNotice: false, userAgentLog: false });
  t.same(
    featuresOff(none).flatMap((f) => f.variables),
    ['CARD_QUOTE_URL', 'CARD_WIDGET_URL', 'IDENTITY_URL', 'FORM_SERVICE_URL', 'USER_AGENT_LOG_URL'],
    'every unset variable is named',
  );

  const half = resolveThirdParty(
    parseConfig({ ...UPSTREAM, CARD_QUOTE_URL: 'https://card.example/quote', IDENTITY_URL: 'https://id.example/frame' }),
    'https://api.example',
  );
  t.same(
    half.available,
    { card: false, identity: true, uploadNotice: false, userAgentLog: false },
    'card payments need both card URLs',
  );
  t.same(featuresOff(half)[0], { feature: 'card', label: 'card payments', variables: ['CARD_WIDGET_URL'] });

  const sandboxPages = { cardQuoteUrl: 'http://sandbox/q', cardWidgetUrl: 'http://sandbox/w', identityUrl: 'http://sandbox/id' };
  const withDefaults = resolveThirdParty(
    parseConfig({ IDENTITY_URL: 'https://id.example/frame', UPLOAD_URL: 'https://docs.example/up' }),
    'http://sandbox',
    sandboxPages,
  );
  t.match(
    withDefaults,
    { cardQuoteUrl: 'http://sandbox/q', identityUrl: 'https://id.example/frame', uploadUrl: 'https://docs.example/up' },
    'the environment wins over defaults',
  );
  t.equal(withDefaults.available.card, true);
});

t.test('UPSTREAM_URL and SESSION_SECRET alone: a running edge, one warning naming what is off', async (t) => {
  const { buildApp } = await import('../../server/app.ts');
  const lines: { level: number; msg: string; featuresOff?: string[] }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  // Nothing listens there: the edge starts without asking its upstream anything.
  const app = await buildApp({
    config: parseConfig({ UPSTREAM_URL: 'http://127.0.0.1:9', SESSION_SECRET: SECRET }),
    upstreamUrl: 'http://127.0.0.1:9',
    logger,
  });
  t.teardown(() => app.close());
  await app.ready();
  const outbox = lines.filter((l) => l.level === 40 && l.msg.startsWith('EVENTS_DIR is not set'));
  t.equal(outbox.length, 1, 'a warning that the order events outbox lasts this run only');
  const warnings = lines.filter((l) => l.level === 40 && !outbox.includes(l));
  t.equal(warnings.length, 1, 'one warning naming what is off');
  t.match(
    warnings[0]!.msg,
    /card payments \(CARD_QUOTE_URL, CARD_WIDGET_URL\).*identity-verification frame \(IDENTITY_URL\).*FORM_SERVICE_URL.*USER_AGENT_LOG_URL/,
  );
  t.same(warnings[0]!.featuresOff, ['card', 'identity', 'uploadNotice', 'userAgentLog']);
  t.equal(app.thirdParty.cardQuoteUrl, undefined);
  t.equal(app.thirdParty.available.card, false);
  t.equal((await app.inject({ url: '/readyz' })).statusCode, 200);
  const home = await app.inject({ url: '/', headers: { host: 'maple.localhost' } });
  t.equal(home.statusCode, 200, 'the home page renders');
  const csp = String(home.headers['content-security-policy']);
  t.match(csp, /frame-src 'self';/, 'nothing unconfigured is framed');
  t.notMatch(csp, /undefined/);
});

t.test('the version comes from package.json when npm does not set it', async (t) => {
  const { version } = JSON.parse((await import('node:fs')).readFileSync('package.json', 'utf8')) as { version: string };
  const saved = process.env.npm_package_version;
  delete process.env.npm_package_version;
  t.teardown(() => void (saved === undefined ? undefined : (process.env.npm_package_version = saved)));
  t.equal(parseConfig({}).appVersion, version);
});

t.test('SESSION_SECRET: one secret as before, or a comma list whose first signs', async (t) => {
  const one = parseConfig({ SESSION_SECRET: SECRET });
  t.equal(one.sessionSecret, SECRET);
  t.same(one.sessionSecrets, [SECRET]);
  const rotated = parseConfig({ SESSION_SECRET: ` ${'n'.repeat(32)} , ${SECRET},` });
  t.equal(rotated.sessionSecret, 'n'.repeat(32), 'the first signs');
  t.same(rotated.sessionSecrets, ['n'.repeat(32), SECRET], 'all verify; spaces and empty entries ignored');
  t.throws(() => parseConfig({ SESSION_SECRET: `${SECRET},short` }), {
    message: /SESSION_SECRET.*each secret must be at least 32 characters/s,
  });
  t.throws(() => parseConfig({ SESSION_SECRET: ',' }), { message: /SESSION_SECRET/ });
});

t.test(
  'unknown hosts: rejected by default with a real upstream, and never offered the test coin there unless asked',
  async (t) => {
    t.equal(parseConfig({}).unknownHosts, 'fallback', 'the demo and sandbox set-up');
    t.equal(parseConfig({}).unknownHostsTestCoin, true);
    t.equal(parseConfig(UPSTREAM).unknownHosts, 'reject');
    t.equal(parseConfig(UPSTREAM).unknownHostsTestCoin, false);
    t.equal(parseConfig({ ...UPSTREAM, UNKNOWN_HOSTS: 'fallback' }).unknownHosts, 'fallback');
    t.equal(parseConfig({ ...UPSTREAM, UNKNOWN_HOSTS_TEST_COIN: 'on' }).unknownHostsTestCoin, true);
    t.equal(parseConfig({ UNKNOWN_HOSTS_TEST_COIN: 'off' }).unknownHostsTestCoin, false);
    t.throws(() => parseConfig({ UNKNOWN_HOSTS_TEST_COIN: 'yes' }), { message: /UNKNOWN_HOSTS_TEST_COIN/ });
  },
);
