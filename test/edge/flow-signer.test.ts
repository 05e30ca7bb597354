// The flow cookie's signer (server/security/flow-cookie.ts) keeps each secret's key made
// once: it still signs with the first SESSION_SECRET, verifies with any of them, agrees
// with the cookie plugin's own format both ways, and refuses anything altered.
import t from 'tap';
import { Signer } from '@fastify/cookie';
import { FlowSigner } from '../../server/security/flow-cookie.ts';

const VALUE = Buffer.from(JSON.stringify({ refId: 'R1', merchant: 'maple' })).toString('base64url');

t.test('signs as the cookie plugin does, and reads what the plugin signed', async (t) => {
  const secrets = ['first-secret-of-32-characters-ok', 'older-secret'];
  const ours = new FlowSigner(secrets);
  const plugin = new Signer(secrets);
  t.equal(ours.sign(VALUE), plugin.sign(VALUE));
  t.equal(ours.verify(plugin.sign(VALUE)), VALUE);
  t.same(plugin.unsign(ours.sign(VALUE)), { valid: true, renew: false, value: VALUE });
});

t.test('rotation: signed with the first secret, verified with any, the dropped one refused', async (t) => {
  const old = new FlowSigner(['old']);
  const rotated = new FlowSigner(['new', 'old']);
  const onlyNew = new FlowSigner(['new']);
  const signedOld = old.sign(VALUE);
  t.equal(rotated.verify(signedOld), VALUE, 'a cookie signed with the old secret still reads during rotation');
  t.equal(rotated.sign(VALUE), onlyNew.sign(VALUE), 'the next step signs with the new secret');
  t.equal(onlyNew.verify(signedOld), undefined, 'once the old secret is gone its cookies read as none');
  t.equal(onlyNew.verify(rotated.sign(VALUE)), VALUE);
});

t.test('anything altered or malformed reads as none', async (t) => {
  const signer = new FlowSigner(['secret']);
  const signed = signer.sign(VALUE);
  const dot = signed.lastIndexOf('.');
  const flipped = signed.slice(0, dot + 1) + (signed[dot + 1] === 'A' ? 'B' : 'A') + signed.slice(dot + 2);
  for (const forged of [
    flipped,
    `${VALUE}x${signed.slice(dot)}`,
    signed.slice(0, -1),
    `${signed}=`,
    VALUE,
    `${VALUE}.`,
    signed.slice(dot),
    '',
  ]) {
    t.equal(signer.verify(forged), undefined, JSON.stringify(forged.slice(-12)));
  }
  t.throws(() => new FlowSigner([]));
});
