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
    `<form action="https://bank.example/pay/R1" method="post"><input type="hidden" name="returnUrl" value="${BACK.replaceAll('&', '&amp;')}" />`,
    'the target as the bank wrote it, the way back a field of the form',
  );
  t.match(doc.html, '<input type="hidden" name="token" value="t1" />');
  t.match(doc.html, '<button name="decision" value="pay" type="submit" class="button">Pay</button>');
  t.notMatch(doc.html, /title|style|Bank<\/title>/, 'no title or style of its own');
});

t.test("the bank's method, target and fields are the bank's: a GET form stays GET, its query kept", async (t) => {
  const get =
    '<FORM METHOD="GET" action="https://bank.example/login?lang=id"><input type="hidden" name="session" value="s1"><button>Continue</button></FORM>';
  const doc = bankDocument(page(get), RULES, BACK);
  t.ok(doc.ok);
  if (!doc.ok) return;
  t.match(doc.html, '<form action="https://bank.example/login?lang=id" method="get">');
  t.match(doc.html, '<input type="hidden" name="session" value="s1" />');
  t.match(doc.html, `<input type="hidden" name="returnUrl" value="${BACK.replaceAll('&', '&amp;')}" />`);
  for (const [opening, method] of [
    ['<form action="https://bank.example/a">', 'get'],
    ['<form method=" Post " action="https://bank.example/a">', 'post'],
    ['<form method="dialog" action="https://bank.example/a">', 'get'],
  ] as const) {
    const one = bankDocument(page(`${opening}<button>Pay</button></form>`), RULES, BACK);
    t.match(one.ok && one.html, `method="${method}"`, `${opening}: ${method}, as a browser sends it`);
  }
  const multipart = bankDocument(
    page('<form method="post" enctype="multipart/form-data" action="https://bank.example/a"><button>Pay</button></form>'),
    RULES,
    BACK,
  );
  t.match(multipart.ok && multipart.html, 'enctype="multipart/form-data"', 'and its encoding');
  const two = bankDocument(page(FORM + FORM.replace('R1', 'R2')), RULES, BACK);
  t.equal(two.ok && two.html.match(/name="returnUrl"/g)?.length, 2, 'every form is told the way back');
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
