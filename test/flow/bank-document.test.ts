// The bank's htmlDoc made into a part of the checkout's page: what a hostile or careless
// bank document carries beyond text and its forms never reaches the page, and a form is
// kept only with a target on the merchant's payment hosts, told where to send the visitor back.
import t from 'tap';
import { bankDocument } from '../../server/flow/bank-document.ts';

const RULES = { hosts: ['bank.example'], allowLoopbackHttp: false };
const BACK = 'https://shop.example/bank-payment?returned=1';
const page = (body: string) =>
  `<!DOCTYPE html><html><head><title>Bank</title><style>body{}</style></head><body>${body}</body></html>`;
const FORM =
  '<form method="post" action="https://bank.example/pay/R1"><input type="hidden" name="token" value="t1"><button name="decision" value="pay">Pay</button></form>';

t.test('text and the form are kept, told where to send the visitor back', async (t) => {
  const doc = bankDocument(page(`<h1>Bank</h1><p>Approve <strong>Rp1</strong></p>${FORM}`), RULES, BACK);
  t.ok(doc.ok);
  if (!doc.ok) return;
  t.same(doc.origins, ['https://bank.example']);
  t.match(doc.html, '<h1>Bank</h1><p>Approve <strong>Rp1</strong></p>');
  t.match(
    doc.html,
    `<form action="https://bank.example/pay/R1?returnUrl=${encodeURIComponent(BACK).replaceAll('&', '&amp;')}" method="post">`,
  );
  t.match(doc.html, '<input type="hidden" name="token" value="t1" />');
  t.match(doc.html, '<button name="decision" value="pay" type="submit" class="button">Pay</button>');
  t.notMatch(doc.html, /title|style|Bank<\/title>/, 'no title or style of its own');
});

t.test('script, handlers, styles, frames, links and images out of policy never reach the page', async (t) => {
  const hostile = page(
    '<script>alert(1)</script><p onclick="steal()" style="color:red">Hi</p><iframe src="https://evil.example"></iframe>' +
      '<a href="javascript:alert(1)">x</a><img src="https://evil.example/px.gif"><object data="x"></object>' +
      '<input type="file" name="f"><input type="image" src="https://evil.example/i.png">' +
      FORM,
  );
  const doc = bankDocument(hostile, RULES, BACK);
  t.ok(doc.ok);
  if (!doc.ok) return;
  for (const gone of [
    '<script',
    'alert',
    'onclick',
    'style=',
    '<iframe',
    'javascript:',
    '<img',
    '<object',
    'evil.example',
    'type="file"',
    'type="image"',
  ]) {
    t.notMatch(doc.html, gone, gone);
  }
  t.match(doc.html, '<p>Hi</p>');
});

t.test('a form posting anywhere but a payment host, or nowhere, refuses the whole document', async (t) => {
  for (const form of [
    '<form method="post" action="https://evil.example/steal"><button>Pay</button></form>',
    '<form method="post"><button>Pay</button></form>',
    '<form method="post" action="https://bank&#46;example.evil.example/"><button>Pay</button></form>',
    '<form method="post" action="http://bank.example/pay"><button>Pay</button></form>',
  ]) {
    const doc = bankDocument(page(form), RULES, BACK);
    t.equal(doc.ok, false, form);
  }
});
