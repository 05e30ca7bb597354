// Pages rendered per request, on a shell: what a page's Document shows of the merchant
// (head, header, footer) is rendered once per merchant and page kind, with a cut where each
// of the visitor's parts goes (the language switch, whose links carry the page's URL; the
// page itself; its toasts; the boot script with the response's nonce). A request renders
// only those parts and joins them with the shell.
// A shell is rendered with no nonce and no visitor part, so it holds neither; shells are
// kept by merchant object in a cache bounded in bytes (ops/byte-cache.ts), so a merchant
// loaded anew gets new ones.
import { randomBytes } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PageLanguageContext } from '../../ui/page-language.ts';
import { ByteCache, keyOf, stringBytes } from '../ops/byte-cache.ts';
import type { Merchant } from '../tenancy/load.ts';
import { RenderContext, type RenderContextValue } from './context.tsx';
import { ownBytes } from './encoding.ts';

/** Where a visitor's part goes. Random per process: no merchant file or visitor text can spell it. */
const CUT_ID = randomBytes(12).toString('base64url');
const CUT_HTML = `<template data-cut="${CUT_ID}"></template>`;
const cut = () => <template data-cut={CUT_ID} />;
/** One per visitor part. */
const CUTS = 4;

/** A shell's pieces, as text and as the bytes a response sends (encoded once). */
interface Shell {
  pieces: string[];
  bytes: Buffer[];
}
/** Keys come from the pages' code (titles, styles) and the merchant's languages, never from visitors. */
const shells = new ByteCache<string, Shell>({
  name: 'shells',
  share: 0.24,
  sizeOf: (shell) => shell.pieces.reduce((bytes, piece) => bytes + stringBytes(piece), 0) + Buffer.concat(shell.bytes).length,
});

function renderShell(shell: () => ReactElement, context: RenderContextValue): string[] {
  const ctx: RenderContextValue = {
    ...context,
    nonce: undefined,
    islands: { count: 0, onLoad: new Set() },
    shell: { mode: 'shell', cut: cut() },
  };
  const pieces = `<!DOCTYPE html>${renderToString(
    <RenderContext value={ctx}>
      <PageLanguageContext value={ctx.language}>{shell()}</PageLanguageContext>
    </RenderContext>,
  )}`.split(CUT_HTML);
  if (pieces.length !== CUTS + 1) throw new Error(`a shell needs ${CUTS} cuts, it has ${pieces.length - 1}`);
  return pieces;
}

function shellOf(key: string, shell: () => ReactElement, context: RenderContextValue): Shell {
  // The footer shows the year; the page's language is every text's.
  const fullKey = `${keyOf(context.merchant)}\n${new Date().getUTCFullYear()}\n${context.language}\n${key}`;
  let found = shells.get(fullKey);
  if (!found) {
    const pieces = renderShell(shell, context);
    found = { pieces, bytes: pieces.map((piece) => ownBytes(Buffer.from(piece))) };
    shells.set(fullKey, found);
  }
  return found;
}

/** The rendered page: the visitor's parts rendered now, joined with the merchant's shell. */
export interface ShellRender {
  /** The visitor's parts, as React rendered them (the whole page when it has no Document). */
  html: string;
  /** The page as sent. */
  join(): string;
  /** The page as sent, as bytes: the shell's own bytes are encoded once, not per response. */
  bytes(): Buffer;
}

/**
 * Renders `page` with the Document drawing only the visitor's parts. Throws what the
 * render throws.
 */
export function renderOnShell(page: ReactElement, context: RenderContextValue): ShellRender {
  let placed: { key: string; shell: () => ReactElement } | undefined;
  const ctx: RenderContextValue = {
    ...context,
    shell: {
      mode: 'visitor',
      place(key, shell, { languageSwitch, main, toasts, boot }) {
        placed = { key, shell };
        return (
          <>
            {languageSwitch}
            {cut()}
            {main}
            {cut()}
            {toasts}
            {cut()}
            {boot}
          </>
        );
      },
    },
  };
  const html = renderToString(
    <RenderContext value={ctx}>
      <PageLanguageContext value={ctx.language}>{page}</PageLanguageContext>
    </RenderContext>,
  );
  const whole = () => (html.startsWith('<html') ? `<!DOCTYPE html>${html}` : html);
  const visitorParts = () => {
    const visitor = html.split(CUT_HTML);
    if (visitor.length !== CUTS) throw new Error(`a page's visitor parts need ${CUTS - 1} cuts, they have ${visitor.length - 1}`);
    return visitor;
  };
  return {
    html,
    join() {
      if (!placed) return whole();
      const { pieces } = shellOf(placed.key, placed.shell, ctx);
      const visitor = visitorParts();
      return pieces.reduce((page, piece, i) => page + visitor[i - 1]! + piece);
    },
    bytes() {
      if (!placed) return Buffer.from(whole());
      // One buffer, the visitor's parts encoded straight into it: no buffer per part.
      const shell = shellOf(placed.key, placed.shell, ctx).bytes;
      const visitor = visitorParts();
      let size = shell[0]!.length;
      for (let i = 0; i < CUTS; i++) size += Buffer.byteLength(visitor[i]!) + shell[i + 1]!.length;
      const page = Buffer.allocUnsafe(size);
      let at = shell[0]!.copy(page, 0);
      for (let i = 0; i < CUTS; i++) {
        at += page.write(visitor[i]!, at);
        at += shell[i + 1]!.copy(page, at);
      }
      return page;
    },
  };
}

/** What the cache holds for a merchant now, by key: for tests. */
export function cachedShells(merchant: Merchant): Map<string, string[]> {
  const prefix = `${keyOf(merchant)}\n`;
  return new Map(
    [...shells.entries()]
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, shell]) => [key.slice(prefix.length), shell.pieces]),
  );
}
