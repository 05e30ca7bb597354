// What every view needs from the request, passed once through context instead of props.
import { createContext, useContext } from 'react';
import type { Merchant } from '../tenancy/load.ts';
import type { AssetManifest } from './manifest.ts';

export interface RenderContextValue {
  nonce: string;
  merchant: Merchant;
  assets: AssetManifest;
  appVersion: string;
  /** Counts islands as the page renders, so the document knows whether to boot any. */
  islands: { count: number };
}

export const RenderContext = createContext<RenderContextValue | null>(null);

export function useRenderContext(): RenderContextValue {
  const ctx = useContext(RenderContext);
  if (!ctx) throw new Error('view rendered outside RenderContext');
  return ctx;
}
