// The design system's rules: the step each screen stands at, the money component's
// figures, and the pattern that lets a field's message clear once the field is changed.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import t from 'tap';
import { FLOW_KINDS } from '../../checkout/domain.ts';
import { FLOW_STEPS, flowProgress } from '../../checkout/progress.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { allBut, described } from '../../ui/Field.tsx';
import { Money } from '../../ui/Money.tsx';
import { stepOf } from '../helpers/screens.ts';

t.test('the step indicator follows the flow: each screen declares its step', async (t) => {
  const progress = (kind: keyof typeof FLOW_STEPS, path: string) => flowProgress(FLOW_STEPS[kind], stepOf(path));
  t.strictSame(progress('BUY', ROUTES.priceQuote.path), { steps: ['quote', 'details', 'verify', 'pay'], current: 0 });
  t.equal(progress('BUY', ROUTES.buyerInfoInput.path)?.current, 1);
  t.equal(progress('BUY', ROUTES.mobileVerification.path)?.current, 2);
  t.equal(progress('BUY', ROUTES.paymentEtransferInstructions.path)?.current, 3);
  t.strictSame(progress('SELL', ROUTES.paymentSpend.path), {
    steps: ['quote', 'details', 'verify', 'payout', 'send'],
    current: 4,
  });
  t.equal(progress('SELL', ROUTES.emailInput.path)?.current, 3, 'the payout email follows verification');
  t.strictSame(progress('SPEND', ROUTES.paymentSpend.path), { steps: ['quote', 'details', 'verify', 'send'], current: 3 });
  t.equal(progress('SPEND', ROUTES.spendQuote.path)?.current, 0);
  t.equal(progress('SELL', ROUTES.paymentEtransferInstructions.path), null, 'a sell has no pay step');
  for (const kind of FLOW_KINDS) {
    t.equal(progress(kind, ROUTES.home.path), null, `${kind}: home is before the steps`);
    t.equal(progress(kind, ROUTES.transactionSuccess.path), null, `${kind}: outcomes are after them`);
  }
});

t.test('money: the amount, then its currency code', async (t) => {
  const html = (props: Parameters<typeof Money>[0]) => renderToStaticMarkup(createElement(Money, props));
  t.equal(
    html({ kind: 'fiat', amount: 1234.5, currency: 'CAD' }),
    '<span class="money"><span class="money-amount">$1,234.50</span> <span class="money-code">CAD</span></span>',
  );
  t.match(html({ kind: 'fiat', amount: 250000, currency: 'AUD' }), '>$250,000<', 'no decimals above 100,000');
  t.match(html({ kind: 'fiat', amount: 100000, currency: 'PHP' }), '>₱100,000.00<');
  t.match(
    html({ kind: 'fiat', amount: 12, currency: 'PHP', symbols: [{ id: 'PHP', symbol: 'PHP ' }] }),
    '>PHP 12.00<',
    "the merchant's symbol",
  );
  t.match(
    html({ kind: 'crypto', amount: 0.0015, currency: 'BTC' }),
    '<span class="money-amount">0.00150000</span> <span class="money-code">BTC</span>',
  );
  t.equal(
    html({ kind: 'crypto', amount: Number.NaN, currency: 'BTC' }),
    '<span class="money">N/A</span>',
    'no currency after N/A',
  );
});

t.test('a message clears once its field holds anything but what was submitted', async (t) => {
  const matches = (pattern: string, value: string) => new RegExp(`^(?:${pattern})$`, 'v').test(value);
  for (const submitted of [
    'abc',
    '1BoatSLRHtKNngkdXEeobR76b53LETtpyX',
    'a.b*c+(d)[e]{f}|g/h\\i^$?',
    'ada@example',
    '12-34',
    'é ü',
  ]) {
    const pattern = allBut(submitted);
    t.notOk(matches(pattern, submitted), `unchanged ${JSON.stringify(submitted)} keeps its message`);
    t.ok(matches(pattern, `${submitted}x`), 'a character more clears it');
    if (submitted) t.ok(matches(pattern, submitted.slice(1)), 'a character less clears it');
  }
  t.match(
    described('email', 'Email Address required', { submitted: '' }),
    { required: true, 'data-error-clears': '' },
    'left empty: required, since an empty field is never checked against a pattern',
  );
  t.notOk('pattern' in described('email', 'Email Address required', { submitted: '' }));
  t.strictSame(
    described('email', undefined, { submitted: 'x' }),
    { 'aria-invalid': undefined, 'aria-describedby': undefined },
    'no message: no pattern',
  );
  t.match(described('email', 'Invalid email address', { submitted: 'x' }), { pattern: allBut('x'), 'data-error-clears': '' });
});
