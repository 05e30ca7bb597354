// The order page's signature: made with the first SESSION_SECRET, verified with any listed
// one (rotation), bound to the merchant and the refId, refused for any changed character,
// another length or text outside base64url.
import t from 'tap';
import {
  ORDER_SIGNATURE_LENGTH,
  orderSignature,
  quotedFiguresOf,
  quotedText,
  verifyOrderSignature,
} from '../../server/security/order-link.ts';

const CURRENT = 'c'.repeat(32);
const PREVIOUS = 'p'.repeat(32);
const REF = 'SBXCVQJPA5NPBZ2LISWM5QM';

t.test('signed with the first secret, verified with any', async (t) => {
  const signature = orderSignature([CURRENT, PREVIOUS], 'maple', REF);
  t.equal(signature.length, ORDER_SIGNATURE_LENGTH);
  t.match(signature, /^[A-Za-z0-9_-]+$/, 'URL-safe');
  t.equal(signature, orderSignature([CURRENT], 'maple', REF), 'the first secret signs');
  t.ok(verifyOrderSignature([CURRENT, PREVIOUS], 'maple', REF, signature));
  const old = orderSignature([PREVIOUS], 'maple', REF);
  t.ok(verifyOrderSignature([CURRENT, PREVIOUS], 'maple', REF, old), 'a link of the previous secret still opens');
  t.notOk(verifyOrderSignature([CURRENT], 'maple', REF, old), 'until that secret is removed: revoked');
});

t.test('bound to the merchant and the order; any change refused', async (t) => {
  const secrets = [CURRENT];
  const signature = orderSignature(secrets, 'maple', REF);
  t.notOk(verifyOrderSignature(secrets, 'roo', REF, signature), 'another merchant');
  t.notOk(verifyOrderSignature(secrets, 'maple', `${REF}X`, signature), 'another order');
  for (let at = 0; at < signature.length; at++) {
    const changed = `${signature.slice(0, at)}${signature[at] === 'A' ? 'B' : 'A'}${signature.slice(at + 1)}`;
    t.notOk(verifyOrderSignature(secrets, 'maple', REF, changed), `character ${at} changed`);
  }
  t.notOk(verifyOrderSignature(secrets, 'maple', REF, ''), 'none');
  t.notOk(verifyOrderSignature(secrets, 'maple', REF, signature.slice(1)), 'shorter');
  t.notOk(verifyOrderSignature(secrets, 'maple', REF, `${signature}A`), 'longer');
  t.notOk(verifyOrderSignature(secrets, 'maple', REF, `${signature.slice(0, -1)}=`), 'outside base64url');
  t.notOk(verifyOrderSignature(secrets, 'maple', REF, `${signature.slice(0, -1)}.`), 'ignored by a lenient decoder');
});

t.test('the figures a link carries are signed with it, written one way only', async (t) => {
  const secrets = [CURRENT];
  const card = { fee: 3.8, charge: { amount: 71.58, currency: 'USD' } };
  t.equal(quotedText(card), '3.8,71.58,USD');
  t.equal(quotedText({ fee: 0 }), '0', 'a fee of nothing (Pro) is a figure too');
  t.equal(quotedText(undefined), '');
  const signature = orderSignature(secrets, 'maple', REF, quotedText(card));
  t.ok(verifyOrderSignature(secrets, 'maple', REF, signature, '3.8,71.58,USD'));
  t.notOk(verifyOrderSignature(secrets, 'maple', REF, signature), 'not without them');
  t.notOk(verifyOrderSignature(secrets, 'maple', REF, signature, '0.01,71.58,USD'), 'nor with others');
  t.notOk(verifyOrderSignature(secrets, 'maple', REF, orderSignature(secrets, 'maple', REF), '3.8'), 'nor added');

  t.same(quotedFiguresOf({ quoted: '3.8,71.58,USD' }), card);
  t.same(quotedFiguresOf({ quoted: '2' }), { fee: 2 });
  t.equal(quotedFiguresOf({}), undefined, 'none');
  for (const quoted of ['3.80', '3.8,71.58', '3.8,71.58,usd', '-1', '1e3', '3.8,71.58,USD,1', ['3.8'], '', ' 3.8'])
    t.equal(quotedFiguresOf({ quoted }), null, `${JSON.stringify(quoted)}: not a link's`);
});
