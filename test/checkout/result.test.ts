import t from 'tap';
import { charLength, field, fieldOrValue, isAsciiDigits, parseDecimal } from '../../checkout/validation/result.ts';

t.test('field: trimmed own strings, everything else empty', async (t) => {
  t.equal(field({ a: ' x ' }, 'a'), 'x');
  t.equal(field({ a: ['x', 'y'] }, 'a'), '', 'repeated field');
  t.equal(field({ a: 5 }, 'a'), '');
  t.equal(field({ a: { toString: () => 'x' } }, 'a'), '');
  t.equal(field({}, 'a'), '');
  t.equal(field(null, 'a'), '');
  t.equal(field('a=1', 'a'), '');
  t.equal(field({}, 'constructor'), '', 'prototype');
  t.equal(field({}, '__proto__'), '');
  t.equal(field(Object.create(null), 'a'), '');
  t.equal(fieldOrValue(' v ', 'a'), 'v');
  t.equal(fieldOrValue({ a: ' v ' }, 'a'), 'v');
  t.equal(fieldOrValue(['v'], 'a'), '');
});

t.test('parseDecimal: plain ASCII decimals only', async (t) => {
  const rows: [string, number | undefined][] = [
    ['12', 12],
    ['12.5', 12.5],
    ['.5', 0.5],
    ['5.', 5],
    ['-3', -3],
    ['0', 0],
    ['007', 7],
    ['', undefined],
    ['-', undefined],
    ['.', undefined],
    ['+5', undefined],
    ['1e3', undefined],
    ['1E3', undefined],
    ['0x1f', undefined],
    ['1,000', undefined],
    ['1 000', undefined],
    ['Infinity', undefined],
    ['NaN', undefined],
    ['١٢', undefined],
    ['１２', undefined],
    ['12\u0000', undefined],
    ['1'.repeat(33), undefined],
    ['1'.repeat(32), Number('1'.repeat(32))],
  ];
  for (const [s, want] of rows) t.equal(parseDecimal(s), want, JSON.stringify(s));
  t.equal(isAsciiDigits('0123456789'), true);
  t.equal(isAsciiDigits('٣'), false);
  t.equal(isAsciiDigits(''), false);
  t.equal(charLength('😀a'), 2);
});
