import t from 'tap';
import { safeJson } from '../../server/render/json.ts';

t.test('safeJson cannot close its script element or open a comment', async (t) => {
  const value = { a: '</script><script>alert(1)</script>', b: '<!-- x -->', c: 'a & b', d: '\u2028\u2029' };
  const json = safeJson(value);
  t.notMatch(json, /<|>|&|\u2028|\u2029/);
  t.same(JSON.parse(json), value, 'round-trips');
  t.equal(safeJson(undefined), 'null');
});
