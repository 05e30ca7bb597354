// Footer and legal HTML go into pages under a strict CSP: no scripts, no inline event
// handlers, no inline styles. Checked on the shipped files directly (independently of the
// loader's lint), then the lint itself.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { lintHtmlFragment } from '../../server/tenancy/html-lint.ts';
import { shippedDir } from './fixtures.ts';

async function exists(file: string): Promise<boolean> {
  return readFile(file).then(
    () => true,
    () => false,
  );
}

const merchantIds = (await readdir(shippedDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);

t.test('every shipped footer and legal page is CSP-safe', async (t) => {
  t.ok(merchantIds.length >= 6);
  let checked = 0;
  for (const id of merchantIds) {
    const files = [path.join(shippedDir, id, 'footer.html')];
    const legalDir = path.join(shippedDir, id, 'legal');
    if (await exists(path.join(legalDir, 'privacy-policy.html'))) {
      for (const name of await readdir(legalDir)) files.push(path.join(legalDir, name));
    }
    for (const file of files) {
      if (!(await exists(file))) continue;
      const html = await readFile(file, 'utf8');
      const rel = path.relative(shippedDir, file);
      t.notMatch(html, /<\s*script/i, `${rel}: no <script>`);
      t.notMatch(html, /<\s*style/i, `${rel}: no <style>`);
      t.notMatch(html, /\son[a-z]+\s*=/i, `${rel}: no inline event handler`);
      t.notMatch(html, /\sstyle\s*=/i, `${rel}: no style attribute`);
      t.notMatch(html, /javascript:/i, `${rel}: no javascript: URL`);
      t.same(lintHtmlFragment(html), [], `${rel}: lint is clean`);
      checked++;
    }
  }
  t.ok(checked >= 25, `${checked} files checked`);
});

t.test('shipped favicons carry no script', async (t) => {
  for (const id of merchantIds) {
    const file = path.join(shippedDir, id, 'favicon.svg');
    if (!(await exists(file))) continue;
    const svg = await readFile(file, 'utf8');
    t.notMatch(svg, /<\s*script|\son[a-z]+\s*=|javascript:/i, `${id}/favicon.svg`);
  }
});

t.test('the lint finds what a strict CSP would block', async (t) => {
  t.same(lintHtmlFragment('<h1>Privacy</h1>\n<p>Plain <a href="/refund-policy">text</a> &lt; 5.</p>'), []);
  t.same(lintHtmlFragment('<p>a</p>\n<SCRIPT src="/x.js"></SCRIPT>'), ['line 2: <script> is not allowed']);
  t.same(lintHtmlFragment('<img src="x" OnError="alert(1)">'), ['line 1: inline event handler on <img>']);
  t.same(lintHtmlFragment('<a href="/"/onclick="x()">'), ['line 1: inline event handler on <a>']);
  t.same(lintHtmlFragment('<p style="color:red">'), ['line 1: inline style attribute on <p>']);
  t.same(lintHtmlFragment('<style>p{}</style>'), ['line 1: <style> is not allowed']);
  t.same(lintHtmlFragment('<a href="java\nscript:alert(1)">'), ['line 1: javascript: URL on <a>']);
  t.same(lintHtmlFragment('<iframe src="https://x.example"></iframe>'), ['line 1: <iframe> is not allowed']);
  t.same(lintHtmlFragment('<a title="a > b" onclick="x()">'), ['line 1: inline event handler on <a>'], '> inside quotes');
  t.same(lintHtmlFragment('1 < 2 <script>'), ['line 1: <script> is not allowed'], 'a literal < in text');
  t.same(lintHtmlFragment('<!-- <script>old</script> -->\n<p>ok</p>'), [], 'comments are inert');
  t.same(lintHtmlFragment('<p class="on-sale">onclick=</p>'), [], 'text and class names are not attributes');
  t.same(lintHtmlFragment('<p'), ['line 1: unclosed tag']);
  t.same(lintHtmlFragment('<svg><style>rect{fill:red}</style></svg>', { allowStyle: true }), []);
});

t.test('each problem names the line its tag starts on', async (t) => {
  const html = [
    '<h1>Terms</h1>',
    '<p>Read <a',
    '  href="java&Tab;script:alert(1)">this</a>.</p>',
    '<!-- <script>old</script>',
    '-->',
    '<img src="a.png" onerror="x()"><form>',
    '<p',
  ].join('\n');
  t.same(lintHtmlFragment(html), [
    'line 2: javascript: URL on <a>',
    'line 6: inline event handler on <img>',
    'line 6: <form> is not allowed',
    'line 7: unclosed tag',
  ]);
  t.same(lintHtmlFragment('<p>a</p>\r\n<script></script>'), ['line 2: <script> is not allowed'], 'CRLF');
});

t.test("entities are the parser's own: every spelling of javascript: reads as it spells", async (t) => {
  for (const href of [
    'javascript&colon;x()',
    'java&NewLine;script:x()',
    '&#0000106avascript:x()',
    '&#X6a;avascript:x()',
    'java&#0;script:x()',
  ]) {
    t.same(lintHtmlFragment(`<a href="${href}">x</a>`), ['line 1: javascript: URL on <a>'], href);
  }
  t.same(lintHtmlFragment('<a href=javascript:x()>x</a>'), ['line 1: javascript: URL on <a>'], 'unquoted');
  t.same(lintHtmlFragment('<a href="/" href="javascript:x()">x</a>'), ['line 1: javascript: URL on <a>'], 'a second href');
  t.same(lintHtmlFragment('<p>&lt;script&gt; &amp; <b>bold</b></p>'), [], 'text that spells a tag is text');
});

t.test('markup hidden where a browser would still read it', async (t) => {
  t.same(lintHtmlFragment('<!--> <script>x</script> -->'), ['line 1: <script> is not allowed'], '<!--> is a whole comment');
  t.same(lintHtmlFragment('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'), [
    'line 1: <noscript> is not allowed',
  ]);
  t.same(lintHtmlFragment('<p>\n<title>\n<img src=x onerror=alert(1)></title>'), ['line 3: inline event handler on <img>']);
  t.same(lintHtmlFragment('<svg>\n<style>\nrect{fill:red}\n<script>x</script></style></svg>', { allowStyle: true }), [
    'line 4: <script> is not allowed',
  ]);
  t.same(lintHtmlFragment('<svg><![CDATA[\n<img src=x onerror=alert(1)>]]></svg>', { allowStyle: true }), [
    'line 2: inline event handler on <img>',
  ]);
  t.same(lintHtmlFragment('<p>ok</p>\n<script'), ['line 2: <script> is not allowed', 'line 2: unclosed tag']);
  t.same(lintHtmlFragment('<p onclick="x()"'), ['line 1: inline event handler on <p>', 'line 1: unclosed tag']);
});
