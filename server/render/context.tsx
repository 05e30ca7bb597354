// What every view needs from the request, passed once through context instead of props.
import { createContext, useContext } from 'react';
import type { ShellSlot } from './shell.tsx';
import type { Merchant } from '../tenancy/load.ts';
import type { AssetManifest } from './manifest.ts';

export interface RenderContextValue {
  /** The response's script nonce; none on pages rendered once for everyone. */
  nonce: string | undefined;
  merchant: Merchant;
  assets: AssetManifest;
  appVersion: string;
  /**
   * The islands as the page renders: how many (the document boots them only when there
   * are some), and which hydrate on load (their chunks are announced for preloading).
   */
  islands: { count: number; onLoad: Set<string> };
  /** Set when the page is joined with its merchant's shell (shell.tsx); the Document asks it. */
  shell?: ShellSlot;
}

export const RenderContext = createContext<RenderContextValue | null>(null);

export function useRenderContext(): RenderContextValue {
  const ctx = useContext(RenderContext);
  if (!ctx) throw new Error('view rendered outside RenderContext');
  return ctx;
}
