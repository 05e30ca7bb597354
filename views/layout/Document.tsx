// The document shell every page shares: the merchant's title, the page's description,
// favicon and style sheet, header, footer (full or compact), toast area and the
// unsupported-browser notice. The boot script is added only when the page rendered an
// island, so island-free pages ship no JavaScript.
import type { ReactNode } from 'react';
import type { PageLanguage } from '../../checkout/i18n/languages.ts';
import { MODULE_PRELOAD_ID } from '../../islands/protocol.ts';
import { useMerchantWords, useRenderContext } from '../../server/render/context.tsx';
import { safeJson } from '../../server/render/json.ts';
import type { AssetManifest } from '../../server/render/manifest.ts';
import { useTexts } from '../../ui/language.tsx';
import { type Toast, Toasts } from '../components/Toasts.tsx';
import { UnsupportedBrowser } from '../components/UnsupportedBrowser.tsx';
import { Footer, type FooterKind } from './Footer.tsx';
import { Header } from './Header.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

export interface DocumentProps {
  title?: string;
  /** The meta description; by default the page's title, as a page of the visitor's order. */
  description?: string;
  /** The full footer on the pages anyone arrives at (home, legal); the compact one on the pages of an order. */
  footer?: FooterKind;
  children: ReactNode;
  toasts?: Toast[];
  /** The cash-in map shows the map alone. */
  bare?: boolean;
  /** Style sheets of this page only (by manifest name, e.g. leaflet.css), after the shared one. */
  pageStyles?: string[];
}

export function Document(props: DocumentProps) {
  const { title, children, toasts = [], bare = false, pageStyles = [], footer = 'compact' } = props;
  const { merchant, assets, shell, language } = useRenderContext();
  const { META_TEXT } = useTexts();
  const merchantTitle = useMerchantWords().title;
  // Rendered per request: the visitor's parts only, joined with the merchant's shell
  // (server/render/shell.tsx), which is this same document with a cut in their place. The
  // shell's key is what its markup depends on besides the merchant and the language.
  if (shell?.mode === 'visitor') {
    const key = JSON.stringify([title, props.description, footer, bare, pageStyles]);
    return shell.place(key, () => <Document {...props} />, {
      languageSwitch: bare ? null : <LanguageSwitch />,
      main: children,
      toasts: <Toasts toasts={toasts} />,
      boot: <BootScript />,
    });
  }
  const cut = shell?.cut;
  const pageTitle = title ? `${title} | ${merchantTitle}` : merchantTitle;
  const description = props.description ?? META_TEXT.page({ title: merchantTitle, page: title ?? merchantTitle });
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{pageTitle}</title>
        <meta name="description" content={description} />
        {merchant.faviconHref && <link rel="icon" href={merchant.faviconHref} type={merchant.faviconType} />}
        <link rel="stylesheet" href={assets.styles['app.css']} />
        {pageStyles.map((name) => assets.styles[name] && <link key={name} rel="stylesheet" href={assets.styles[name]} />)}
        {merchant.styleHref && <link rel="stylesheet" href={merchant.styleHref} />}
      </head>
      <body className={bare ? 'bare' : undefined}>
        {bare ? cut : <Header />}
        <main id="main" className="page">
          {cut ?? children}
        </main>
        {!bare && <Footer kind={footer} />}
        {cut ?? <Toasts toasts={toasts} />}
        <UnsupportedBrowser />
        {cut ?? <BootScript />}
      </body>
    </html>
  );
}

/**
 * Rendered last, so every island of the page has been counted by then. The modules that
 * islands hydrated on load will import are listed for the boot script, which announces
 * them as modulepreload the moment it runs, so the browser fetches them side by side
 * instead of one after another. A list, not <link> elements: with JavaScript off the
 * browser must fetch nothing.
 */
function BootScript() {
  const { islands, assets, nonce, language } = useRenderContext();
  if (islands.count === 0) return null;
  const preload = preloadJson(assets, islands.onLoad, language);
  return (
    <>
      {preload !== undefined && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the preload list as safeJson
        <script type="application/json" id={MODULE_PRELOAD_ID} dangerouslySetInnerHTML={{ __html: preload }} />
      )}
      <script type="module" src={assets.boot} nonce={nonce} />
    </>
  );
}

/** The preload list's JSON by the islands hydrated on load and the page's language: a few combinations, each made once per build. */
const preloadLists = new WeakMap<AssetManifest, Map<string, string | undefined>>();

function preloadJson(assets: AssetManifest, onLoad: Set<string>, language: PageLanguage): string | undefined {
  let byIslands = preloadLists.get(assets);
  if (!byIslands) preloadLists.set(assets, (byIslands = new Map()));
  const key = `${language} ${[...onLoad].join(' ')}`;
  if (byIslands.has(key)) return byIslands.get(key);
  const preload = new Set(onLoad.size ? [...assets.preload.hydrate, ...(assets.preload.catalogues[language] ?? [])] : []);
  for (const name of onLoad) for (const file of assets.preload.islands[name] ?? []) preload.add(file);
  const json = preload.size > 0 ? safeJson([...preload]) : undefined;
  byIslands.set(key, json);
  return json;
}
