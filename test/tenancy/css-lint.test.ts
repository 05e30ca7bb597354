// The merchant style-sheet lint (server/tenancy/css-lint.ts) and the fragment sanitiser
// (sanitizeFragment in html-lint.ts), case by case: every spelling an attacker would try,
// and what a real style sheet or footer uses passing untouched.
import t from 'tap';
import { lintStyleSheet } from '../../server/tenancy/css-lint.ts';
import { lintHtmlFragment, sanitizeFragment } from '../../server/tenancy/html-lint.ts';

const OWN = '/assets/m/maple/';
const lint = (css: string) => lintStyleSheet(css, OWN);

t.test('@import in any spelling', async (t) => {
  for (const css of ['@import "https://evil.test/x.css";', '@IMPORT url(x.css);', '@\\69mport "x.css";', '@imp\\ort "x.css";']) {
    t.same(lint(css), ['line 1: @import is not allowed (a style sheet is one file)'], css);
  }
});

t.test("url() off the merchant's own files", async (t) => {
  const refused: [string, string][] = [
    ['a{background:url(https://evil.test/p.png)}', 'https://evil.test/p.png'],
    ['a{background:url( "//evil.test/p.png" )}', '//evil.test/p.png'],
    ["a{background:url('http://evil.test/p.png')}", 'http://evil.test/p.png'],
    ['a{background:u\\72l(http://evil.test/p.png)}', 'http://evil.test/p.png'],
    ['a{background:URL(http://evil.test/p.png)}', 'http://evil.test/p.png'],
    ['a{background:url(/assets/m/roo/logo.png)}', '/assets/m/roo/logo.png'],
    ['a{background:url(/assets/m/maple/../roo/x.png)}', '/assets/m/maple/../roo/x.png'],
    ['a{background:url(../x.png)}', '../x.png'],
    ['a{background:url(data:image/png;base64,AAAA)}', 'data:image/png;base64,AAAA'],
    ['a{background:url(https\\3a //evil.test/p.png)}', 'https://evil.test/p.png'],
  ];
  for (const [css, url] of refused) t.same(lint(css), [`line 1: url(${url}) is not one of the merchant's own files`], css);
  t.same(lint('a{background-image:image-set("https://evil.test/a.png" 1x)}'), [
    `line 1: "https://evil.test/a.png" in image-set() is not one of the merchant's own files`,
  ]);
  t.same(lint('@font-face{font-family:x;src:url(https://fonts.evil.test/x.woff2)}'), [
    "line 1: url(https://fonts.evil.test/x.woff2) is not one of the merchant's own files",
  ]);
  for (const css of [
    'a{background:url(logo.png)}',
    'a{background:url(/assets/m/maple/logo.abc123.png)}',
    'a{filter:url(#blur)}',
  ]) {
    t.same(lint(css), [], `allowed: ${css}`);
  }
});

t.test('expression(), behavior and -moz-binding', async (t) => {
  t.same(lint('a{width:expression(alert(1))}'), ['line 1: expression() is not allowed']);
  t.same(lint('a{width:\\65xpression(alert(1))}'), ['line 1: expression() is not allowed']);
  t.same(lint('a{behavior:url(x.htc)}'), ['line 1: behavior is not allowed']);
  t.same(lint('a{-moz-binding:url(binding.xml)}'), ['line 1: -moz-binding is not allowed']);
});

t.test('attribute selectors on value', async (t) => {
  const message = 'line 1: attribute selector on value is not allowed (it can read what visitors type)';
  for (const css of [
    'input[value^="4"]{background:url(a.png)}',
    'input[ value $= "1" ]{color:red}',
    'input[*|value="1"]{color:red}',
    'input[VALUE*="1"]{color:red}',
    'input[value~=a]{color:red}',
    'input[valu\\65="1"]{color:red}',
    '[value|="x" i]{color:red}',
  ]) {
    t.same(lint(css), [message], css);
  }
  t.same(lint('input[type="text"],input[value]{color:red}'), [], 'other attributes, and presence only, are fine');
});

t.test('comments and strings are not rules; lines are counted', async (t) => {
  t.same(lint('/* @import "x.css"; url(http://x) [value=1] */ a { content: "@import url(http://x)" }'), []);
  t.same(lint('a {\n  color: red;\n}\n/* one\ntwo */\nb { background: url(http://x) }\n@import "y.css";'), [
    "line 6: url(http://x) is not one of the merchant's own files",
    'line 7: @import is not allowed (a style sheet is one file)',
  ]);
  t.same(
    lint(
      '.a{color:#fff;margin:calc(1px + 2px);font:12px/1.5 "Helvetica Neue",sans-serif}@media (max-width:600px){.a{color:red}}',
    ),
    [],
  );
});

t.test('the fragment sanitiser: no form, no javascript: in any spelling, no handlers', async (t) => {
  const spellings = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '&#106;avascript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    ' javascript:alert(1)',
    'java\u0000script:alert(1)',
    '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)',
    'java&Tab;script:alert(1)',
    'vbscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
  ];
  for (const href of spellings) {
    t.equal(sanitizeFragment(`<a href="${href}">x</a>`), '<a>x</a>', href);
  }
  // The lint stops start-up on the javascript: spellings, naming the line.
  for (const href of spellings.slice(0, 8)) {
    t.same(lintHtmlFragment(`<p>x</p>\n<a href="${href}">x</a>`), ['line 2: javascript: URL on <a>'], `lint: ${href}`);
  }
  t.equal(
    sanitizeFragment('<form action="https://evil.test"><input name="card"><button>Go</button></form><p>after</p>'),
    '<p>after</p>',
  );
  t.equal(sanitizeFragment('<img src="https://x.test/a.png" onerror="alert(1)">'), '<img src="https://x.test/a.png" />');
  t.equal(sanitizeFragment('<p onclick="x()" style="color:red">t</p>'), '<p>t</p>');
  t.equal(sanitizeFragment('<svg><a xlink:href="javascript:alert(1)">s</a></svg><p>ok</p>'), '<p>ok</p>');
  t.same(lintHtmlFragment('<form action="https://evil.test">\n<input name="card"></form>'), [
    'line 1: <form> is not allowed',
    'line 2: <input> is not allowed',
  ]);
  const footer =
    '<nav aria-label="Footer"><ul><li><a href="https://maple.example/support">Support</a></li><li><a href="mailto:help@maple.example">Email</a></li></ul></nav>\n<p class="copyright">Maple</p>';
  t.equal(sanitizeFragment(footer), footer, 'a real footer passes untouched');
});

t.test('each refusal names its own line, whatever ends the lines', async (t) => {
  const sheet = [
    'body { color: #222 }',
    '@import "x.css";',
    '.hero {',
    '  background: url(https://evil.test/pixel.png);',
    '  behavior: url(x.htc);',
    '}',
    'input[value^="4"] { width: expression(alert(1)) }',
  ];
  const expected = [
    'line 2: @import is not allowed (a style sheet is one file)',
    "line 4: url(https://evil.test/pixel.png) is not one of the merchant's own files",
    'line 5: behavior is not allowed',
    'line 7: attribute selector on value is not allowed (it can read what visitors type)',
    'line 7: expression() is not allowed',
  ];
  t.same(lint(sheet.join('\n')), expected, 'LF');
  t.same(lint(sheet.join('\r\n')), expected, 'CRLF');
  t.same(lint(`/* a\ncomment */ a{x:"a\\\nb"}\n@import "y";`), ['line 4: @import is not allowed (a style sheet is one file)']);
});

t.test('what a browser reads on where a parser would give up', async (t) => {
  // A forgiving selector list keeps its valid selectors: a tree of this rule is one raw node.
  t.same(lint(':is(input[value^="1"], %) { background: url(a.png) }'), [
    'line 1: attribute selector on value is not allowed (it can read what visitors type)',
  ]);
  t.same(lint('a{background:url(a.png) u\\72l(http://evil.test/p.png)}'), [
    "line 1: url(http://evil.test/p.png) is not one of the merchant's own files",
  ]);
  t.same(lint('a{background:\\75rl("http://evil.test/p.png")}'), [
    "line 1: url(http://evil.test/p.png) is not one of the merchant's own files",
  ]);
  t.same(lint('[|value="1"]{color:red}'), [
    'line 1: attribute selector on value is not allowed (it can read what visitors type)',
  ]);
  t.same(lint('@\\000069mport "x.css";'), ['line 1: @import is not allowed (a style sheet is one file)']);
  t.same(lint('a{--x:url(https://evil.test/p.png)}'), [
    "line 1: url(https://evil.test/p.png) is not one of the merchant's own files",
  ]);
  t.same(lint('a{background:var(--y,url(https://evil.test/p.png))}'), [
    "line 1: url(https://evil.test/p.png) is not one of the merchant's own files",
  ]);
  t.same(lint('a{background:url(\\61.png)}'), [], 'an escaped own file name is still the own file');
});
