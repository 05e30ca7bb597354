// Kept markup (server/render/static-part.tsx): rendered once per key, with holes for the
// values a request fills in, escaped exactly as React escapes an attribute.

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import t from 'tap';
import { LANGUAGES } from '../../checkout/i18n/languages.ts';
import { attributeText, staticPieces } from '../../server/render/static-part.tsx';
import { LanguageList } from '../../views/layout/LanguageSwitch.tsx';

const HOSTILE = ['/price-quote', '/a?b=1&c=2', '/"><script>alert(1)</script>', "/it's", '/é?q=<x>&amp;', ''];

t.test('a value is escaped as React escapes an attribute', async (t) => {
  for (const value of HOSTILE) {
    t.equal(`<a href="${attributeText(value)}"></a>`, renderToStaticMarkup(createElement('a', { href: value })), value);
  }
});

t.test('the pieces are rendered once per key and language, the holes where the values go', async (t) => {
  let renders = 0;
  const render = (hole: string) => {
    renders++;
    return createElement('p', null, createElement('a', { href: hole }, 'one'), createElement('a', { href: hole }, 'two'));
  };
  const pieces = staticPieces('test two links', 'en', render);
  t.equal(pieces.length, 3, 'two holes, three pieces');
  t.same(staticPieces('test two links', 'en', render), pieces, 'the same pieces again');
  t.equal(renders, 1, 'rendered once');
  staticPieces('test two links', 'fr-CA', render);
  t.equal(renders, 2, 'another language is another render');
});

t.test('the language switch joined from its pieces is what React renders with the links in place', async (t) => {
  const offered = [...LANGUAGES];
  for (const language of offered) {
    for (const url of HOSTILE) {
      const href = (l: string) => `${url}?lang=${l}`;
      const pieces = staticPieces(`test switch ${offered.join(' ')}`, language, (hole) =>
        createElement(LanguageList, { offered, language, href: () => hole }),
      );
      const linked = offered.filter((l) => l !== language);
      const joined = pieces.reduce((html, piece, i) => html + attributeText(href(linked[i - 1]!)) + piece);
      t.equal(joined, renderToStaticMarkup(createElement(LanguageList, { offered, language, href })), `${language} ${url}`);
    }
  }
});
