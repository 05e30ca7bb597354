// What every view needs from the request, passed once through context instead of props.
import { createContext, type ReactElement, type ReactNode, useContext } from 'react';
import type { PageLanguage } from '../../checkout/i18n/languages.ts';
import type { OrderLink } from '../security/order-link.ts';
import type { Merchant } from '../tenancy/load.ts';
import { type MerchantWords, merchantFooter, merchantWords } from '../tenancy/texts.ts';
import type { AssetManifest } from './manifest.ts';

export interface RenderContextValue {
  /** The response's script nonce; none on pages rendered once for everyone. */
  nonce: string | undefined;
  merchant: Merchant;
  /** The page's language (<html lang>, the catalogue) and the locale its figures are formatted in. */
  language: PageLanguage;
  locale: string;
  assets: AssetManifest;
  appVersion: string;
  /**
   * The islands as the page renders: how many (the document boots them only when there
   * are some), and which hydrate on load (their chunks are announced for preloading).
   */
  islands: { count: number; onLoad: Set<string> };
  /**
   * The page's own URL without the switch's parameter, which the language switch links back
   * to, so switching shows the same page. An error page has none (it echoes no path): its
   * switch's links are relative.
   */
  pageUrl?: string;
  /** Set when the page is joined with its merchant's shell (shell.tsx); the Document asks it. */
  shell?: ShellSlot;
  /**
   * The signed link to the visitor's own order (the flow cookie's), made when a page asks
   * for it (views/components/OrderLink.tsx); none without a flow.
   */
  orderLink?: () => OrderLink | undefined;
}

/** The visitor's parts of a Document, in the order the shell's cuts stand for them. */
export interface VisitorParts {
  /** The header's language switch, whose links carry the page's own query. */
  languageSwitch: ReactNode;
  main: ReactNode;
  toasts: ReactNode;
  boot: ReactNode;
}

/**
 * What the Document finds in the render context. On a request ('visitor'), it hands over
 * its visitor parts, the key of its shell (what the shell's markup depends on besides the
 * merchant) and how to render the shell; rendering the shell ('shell'), it puts `cut`
 * where each visitor part goes.
 */
export type ShellSlot =
  | { mode: 'visitor'; place(key: string, shell: () => ReactElement, parts: VisitorParts): ReactNode }
  | { mode: 'shell'; cut: ReactNode };

export const RenderContext = createContext<RenderContextValue | null>(null);

export function useRenderContext(): RenderContextValue {
  const ctx = useContext(RenderContext);
  if (!ctx) throw new Error('view rendered outside RenderContext');
  return ctx;
}

/** The merchant's own words (title, notice, labels) in the page's language, each untranslated one in its default language. */
export function useMerchantWords(): MerchantWords {
  const { merchant, language } = useRenderContext();
  return merchantWords(merchant.config, language);
}

/** The merchant's own footer in the page's language (or its default language); undefined: the built-in footer. */
export function useMerchantFooter(): string | undefined {
  const { merchant, language } = useRenderContext();
  return merchantFooter(merchant, language);
}
