// Every page of the screen tour is valid HTML by html-validate's recommended rules, as the
// server sends it: the tour's stops are opened over the sockets without a browser
// (helpers/served-page.ts), so the check costs the pages' rendering and no more.

import { type ConfigData, HtmlValidate } from 'html-validate';
import t from 'tap';
import { TOUR, visit } from '../helpers/screen-tour.ts';
import { ServedPage } from '../helpers/served-page.ts';
import { startStack } from '../helpers/stack.ts';

/** The recommended rules; each exception says why. */
const HTML_RULES: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // How React's renderer writes HTML, which a parser reads the same as the preferred
    // spelling: void elements closed (`<meta/>`), the DOM's camelCase names for a few
    // attributes (`charSet`, `autoComplete`), booleans and empty values as `hidden=""`.
    'void-style': 'off',
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    // A list may be named (ARIA's list role takes its name from the author): the ticker's
    // list says what its figures are. The rule's default allows names on landmarks and
    // widgets only.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
    // HTML takes any id without whitespace; the strict default wants CSS-friendly ones,
    // which React's streamed pages are not (`B:0`, `S:0`, `_R_`). Whitespace still fails.
    'valid-id': ['error', { relaxed: true }],
    // Phone numbers in a merchant's footer are the merchant's own text; non-breaking
    // hyphens and spaces would be copied with the number. The style sheet keeps `tel:`
    // links on one line instead (app.css).
    'tel-non-breaking': 'off',
  },
};

const validator = new HtmlValidate(HTML_RULES);

async function problems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.ruleId} at ${m.line}:${m.column}: ${m.message} (${m.selector ?? ''})`),
  );
}

const stack = await startStack();
t.teardown(() => stack.close());

t.test('every page of the tour is valid HTML', async (t) => {
  for (const stop of TOUR) {
    const page = new ServedPage();
    await visit(stack, page.asPage(), stop, false);
    t.equal(page.status, 200, `${stop.name}: served`);
    t.strictSame(await problems(page.html), [], `${stop.name}: no problem`);
  }
});

t.test('the check fails on the defects it is there for', async (t) => {
  const page = (body: string) =>
    `<!DOCTYPE html><html lang="en"><head><title>A page</title></head><body><main>${body}</main></body></html>`;
  t.strictSame(await problems(page('<p>Fine.</p>')), [], 'a valid page passes');
  const found = async (body: string) => (await problems(page(body))).map((p) => p.split(' ')[0]);
  t.ok((await found('<h2 id="quezon city">Quezon City</h2>')).includes('valid-id'), 'an id with a space');
  t.ok(
    (await found('<label for="m">Mobile</label><input id="m" type="tel" autocomplete="tel-national">')).includes(
      'valid-autocomplete',
    ),
    'an autofill token the field type does not take',
  );
  t.ok((await found('<span><div>Copy</div></span>')).includes('element-permitted-content'), 'a block inside a span');
});
