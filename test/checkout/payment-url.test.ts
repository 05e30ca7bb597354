// Where a payment may send the browser: every redirect of the list is refused,
// the merchant's own https hosts pass, http only to loopback for DEV/TEST merchants.
import t from 'tap';
import { checkHtmlDocTargets, checkPaymentUrl } from '../../checkout/payment-url.ts';
import { webUrl } from '../../checkout/wire.ts';
import { REFUSED_REDIRECTS } from '../helpers/refused-redirects.ts';

const PROD = { hosts: ['pay.bank.example', '127.0.0.1'], allowLoopbackHttp: false };
const TEST = { hosts: ['pay.bank.example', '127.0.0.1', 'localhost'], allowLoopbackHttp: true };

t.test('every refused redirect, for a PROD and a TEST merchant', async (t) => {
  for (const url of REFUSED_REDIRECTS) {
    t.equal(checkPaymentUrl(url, PROD).ok, false, `PROD ${JSON.stringify(url)}`);
    t.equal(checkPaymentUrl(url, TEST).ok, false, `TEST ${JSON.stringify(url)}`);
  }
  t.equal(checkPaymentUrl(undefined, TEST).ok, false);
  t.equal(checkPaymentUrl(42, TEST).ok, false);
});

t.test('the merchant hosts over https; loopback over http only for DEV/TEST', async (t) => {
  t.strictSame(checkPaymentUrl('https://pay.bank.example/pay?ref=R1&x=2', PROD), {
    ok: true,
    url: 'https://pay.bank.example/pay?ref=R1&x=2',
    origin: 'https://pay.bank.example',
  });
  t.equal(checkPaymentUrl('HTTPS://PAY.BANK.EXAMPLE:8443/pay', PROD).ok, true, 'case and port');
  t.equal(checkPaymentUrl('http://127.0.0.1:4010/pay/bank/R1', TEST).ok, true);
  t.equal(checkPaymentUrl('http://localhost:4010/pay/bank/R1', TEST).ok, true);
  t.equal(checkPaymentUrl('http://127.0.0.1:4010/pay/bank/R1', PROD).ok, false, 'PROD: https only');
  t.equal(
    checkPaymentUrl('http://localhost:4010/pay/bank/R1', { ...TEST, hosts: ['127.0.0.1'] }).ok,
    false,
    'loopback still listed',
  );
});

t.test("an htmlDoc's form targets", async (t) => {
  const doc = (action: string) =>
    `<!DOCTYPE html><html><body><form method="post" action="${action}"><button>Pay</button></form></body></html>`;
  const ok = checkHtmlDocTargets(doc('https://pay.bank.example/pay?a=1&amp;b=2'), PROD);
  t.strictSame(ok, [{ ok: true, url: 'https://pay.bank.example/pay?a=1&b=2', origin: 'https://pay.bank.example' }]);
  for (const url of REFUSED_REDIRECTS) {
    const checks = checkHtmlDocTargets(doc(url.replace(/"/g, '&quot;')), TEST);
    t.ok(
      checks.some((c) => !c.ok),
      `form target ${JSON.stringify(url)}`,
    );
  }
  t.ok(
    checkHtmlDocTargets('<form method="post"><button>Pay</button></form>', TEST).some((c) => !c.ok),
    'no action: posts to the checkout',
  );
  t.ok(
    checkHtmlDocTargets("<form action='https://pay.bank.example/&#106;'>", TEST).some((c) => !c.ok),
    'character references',
  );
  t.strictSame(checkHtmlDocTargets('<p>No form</p>', TEST), []);
});

t.test('webUrl: an upstream link with a CR, LF, space or non-ASCII character is refused, not repaired', async (t) => {
  t.equal(webUrl('https://pay.example/e-transfer?ref=A1'), 'https://pay.example/e-transfer?ref=A1');
  for (const url of [
    'https://pay.example/x\r\nSet-Cookie: a=1',
    'https://pay.example/x\n',
    'https://pay.example/\tx',
    'https://pay.example/a b',
    'https://pay.example/Zoë',
    'https://pаy.example/',
    'javascript:alert(1)',
    '',
  ]) {
    t.equal(webUrl(url), undefined, JSON.stringify(url));
  }
});
