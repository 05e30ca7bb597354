import t from 'tap';
import { ConfigError, parseConfig } from '../../server/config.ts';

t.test('defaults', async (t) => {
  const c = parseConfig({});
  t.equal(c.port, 3000);
  t.equal(c.host, '127.0.0.1');
  t.equal(c.merchantsDir, 'merchants');
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
  t.equal(c.upstreamUrl, 'https://api.example', 'trailing slash removed');
  t.equal(c.sessionSecretGenerated, false);
});

t.test('a real upstream needs every third-party URL, named when missing', async (t) => {
  const { resolveThirdParty } = await import('../../server/third-party.ts');
  const config = parseConfig({ UPSTREAM_URL: 'https://api.example', SESSION_SECRET: 's'.repeat(32) });
  t.throws(() => resolveThirdParty(config, 'https://api.example'), { name: 'ConfigError', message: /CARD_QUOTE_URL: required/ });
  const full = parseConfig({
    UPSTREAM_URL: 'https://api.example',
    SESSION_SECRET: 's'.repeat(32),
    CARD_QUOTE_URL: 'https://card.example/quote',
    CARD_WIDGET_URL: 'https://card.example/widget',
    IDENTITY_URL: 'https://id.example/frame',
    FORM_SERVICE_URL: 'https://forms.example/notice',
    USER_AGENT_LOG_URL: 'https://forms.example/ua',
  });
  t.match(resolveThirdParty(full, 'https://api.example'), { uploadUrl: 'https://api.example/upload', identityUrl: 'https://id.example/frame' });
});

t.test('the version comes from package.json when npm does not set it', async (t) => {
  const { version } = JSON.parse((await import('node:fs')).readFileSync('package.json', 'utf8')) as { version: string };
  const saved = process.env.npm_package_version;
  delete process.env.npm_package_version;
  t.teardown(() => void (saved === undefined ? undefined : (process.env.npm_package_version = saved)));
  t.equal(parseConfig({}).appVersion, version);
});
