import t from 'tap';
import { isEmail, validateBuyerEmail, validatePayoutEmail } from '../../checkout/validation/email.ts';

t.test('e-transfer email messages', async (t) => {
  t.strictSame(validatePayoutEmail({ emtEmail: '' }), { ok: false, errors: { emtEmail: 'Your email address is required.' } });
  t.strictSame(validatePayoutEmail({}), { ok: false, errors: { emtEmail: 'Your email address is required.' } });
  t.strictSame(validatePayoutEmail({ emtEmail: ['a@b.co', 'c@d.co'] }), {
    ok: false,
    errors: { emtEmail: 'Your email address is required.' },
  });
  t.strictSame(validatePayoutEmail({ emtEmail: 'nope' }), {
    ok: false,
    errors: { emtEmail: 'Please provide a valid email address.' },
  });
  t.strictSame(validatePayoutEmail({ emtEmail: ' Jane.Doe+cad@mail.example.ca ' }), {
    ok: true,
    value: 'Jane.Doe+cad@mail.example.ca',
  });
  t.strictSame(validatePayoutEmail(' jane@example.com '), { ok: true, value: 'jane@example.com' }, 'a bare value works too');
});

t.test('buyer-info email messages', async (t) => {
  t.strictSame(validateBuyerEmail({ emailAddress: '  ' }), { ok: false, errors: { emailAddress: 'Email Address required' } });
  t.strictSame(validateBuyerEmail({ emailAddress: 'jane@' }), { ok: false, errors: { emailAddress: 'Invalid email address' } });
  t.strictSame(validateBuyerEmail({ emailAddress: 'jane@example.com' }), { ok: true, value: 'jane@example.com' });
});

t.test('one pattern: local@domain.tld, no spaces, at most 254', async (t) => {
  const good = [
    'a@b.co',
    'first.last@sub.domain.example',
    "o'brien@example.ie",
    'x_y-z@ex-ample.com',
    'user@xn--bcher-kva.example',
    'a@b.xn--p1ai',
  ];
  const bad = [
    'plain',
    '@example.com',
    'jane@',
    'jane@example',
    'jane@example.c',
    'jane @example.com',
    'jane@exa mple.com',
    'jane@@example.com',
    '.jane@example.com',
    'jane.@example.com',
    'ja..ne@example.com',
    'jane@-example.com',
    'jane@example-.com',
    'jane@example..com',
    'jane@example.123',
    'jané@example.com',
    'jane@exämple.com',
    'jane@example.com\n',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(64)}.com`,
    `${'a'.repeat(1_000_000)}@example.com`,
  ];
  for (const e of good) t.ok(isEmail(e), e);
  for (const e of bad) t.notOk(isEmail(e), e.slice(0, 40));
  const longest = `${'a'.repeat(64)}@${`${'b'.repeat(61)}.`.repeat(3)}${'c'.repeat(3)}`;
  t.equal(longest.length, 254);
  t.ok(isEmail(longest), '254 characters');
  const tooLong = `${'a'.repeat(64)}@${`${'b'.repeat(61)}.`.repeat(3)}${'c'.repeat(4)}`;
  t.equal(tooLong.length, 255);
  t.notOk(isEmail(tooLong), '255 characters');
  // Inputs that make a backtracking pattern take exponential time: a linear one answers
  // at once, a catastrophic one would run past the test's time limit.
  t.notOk(isEmail(`${'a.'.repeat(5_000)}@${'b-'.repeat(5_000)}`), 'no catastrophic backtracking');
  t.notOk(isEmail(`${'a'.repeat(64)}@${'b'.repeat(50_000)}!`));
});
