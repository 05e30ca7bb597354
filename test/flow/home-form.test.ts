// The home form as a browser without JavaScript sends it: its own default amount in every
// language the merchant offers (Indonesian writes 0,0015, which its reading takes), and a
// currency changed where no script changes the methods with it.
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

/** The form's fields as the page has them: each input's value, each select's chosen option. */
function formOf(body: string): Record<string, string> {
  const form = /<form[^>]*class="card amount-form"[^>]*>([\s\S]*?)<\/form>/.exec(body)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const input of form.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    if (name) fields[name] = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
  }
  for (const select of form.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const options = [...select[2]!.matchAll(/<option([^>]*)value="([^"]*)"([^>]*)>/g)];
    const chosen = options.find((o) => /selected/.test(`${o[1]}${o[3]}`)) ?? options[0];
    fields[select[1]!] = chosen?.[2] ?? '';
  }
  return fields;
}

/** The methods the page's method select offers. */
const methodsOffered = (body: string) =>
  [...(/<select[^>]*name="paymentMethod"[^>]*>([\s\S]*?)<\/select>/.exec(body)?.[1] ?? '').matchAll(/value="([^"]*)"/g)].map(
    (m) => m[1],
  );

for (const lang of ['en', 'fil', 'id']) {
  t.test(`${lang}: the sell tab's untouched form is a quote, its default written as the page writes numbers`, async (t) => {
    const visitor = new Visitor(stack, 'test.localhost');
    visitor.others = `lang=${lang}`;
    const page = await visitor.get('/?type=SELL');
    const form = formOf(page.body);
    t.equal(form.cryptoAmount, lang === 'id' ? '0,0015' : '0.0015');
    const sent = await visitor.post('/', form);
    t.equal(sent.statusCode, 303);
    t.equal(sent.headers.location, '/price-quote', 'NEXT on the form as it came: a quote');
    t.match(await visitor.state(), { cryptoAmount: 0.0015, txnType: 'SELL' });
  });
}

t.test('without JavaScript, IDR chosen first: the form comes back in IDR with its methods and amount', async (t) => {
  const visitor = new Visitor(stack, 'test.localhost');
  const page = await visitor.get('/');
  const form = formOf(page.body);
  t.equal(form.fiatCurrency, 'CAD');
  t.equal(form.paymentMethod, 'ETRANSFER', "the page's first method, for CAD");
  const sent = await visitor.post('/', { ...form, fiatCurrency: 'IDR' });
  t.equal(sent.statusCode, 303);
  const again = await visitor.get('/');
  t.notMatch(again.body, DEFAULT_TEXTS.AMOUNT_MESSAGES.methodNotFound, 'not "Payment method not found."');
  t.match(again.body, 'Choose how to pay in IDR: the payment methods change with the currency.');
  const shown = formOf(again.body);
  t.equal(shown.fiatCurrency, 'IDR', 'the currency chosen');
  t.same(methodsOffered(again.body), ['BANKTRANSFER'], "IDR's methods");
  t.not(shown.fiatAmount, form.fiatAmount, "CAD's default gave way");
  const quoted = await visitor.post('/', shown);
  t.equal(quoted.headers.location, '/price-quote', 'NEXT on the form as it came back: a quote in IDR');
  t.match(await visitor.state(), { fiatCurrency: 'IDR', paymentMethod: 'BANKTRANSFER' });
});

t.test('an amount the visitor typed stays when the currency changes', async (t) => {
  const visitor = new Visitor(stack, 'test.localhost');
  const form = formOf((await visitor.get('/')).body);
  await visitor.post('/', { ...form, fiatCurrency: 'IDR', fiatAmount: '2500000' });
  t.equal(formOf((await visitor.get('/')).body).fiatAmount, '2500000');
});
