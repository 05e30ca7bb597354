// Every island, by name. The browser imports an island's chunk only when a page has it;
// the server resolves them all once at start-up to render their HTML.
export const islandLoaders = {
  CopyButton: () => import('./CopyButton.tsx'),
  PaymentPopup: () => import('./PaymentPopup.tsx'),
  WalletStatus: () => import('./WalletStatus.tsx'),
  AmountForm: () => import('./AmountForm.tsx'),
  QuoteTimer: () => import('./QuoteTimer.tsx'),
  LeaveGuard: () => import('./LeaveGuard.tsx'),
  Analytics: () => import('./Analytics.tsx'),
  PhoneInput: () => import('./PhoneInput.tsx'),
  RateHold: () => import('./RateHold.tsx'),
  CardWidget: () => import('./CardWidget.tsx'),
  CameraChoice: () => import('./CameraChoice.tsx'),
  Camera: () => import('./Camera.tsx'),
  SelfieUpload: () => import('./SelfieUpload.tsx'),
  Uploader: () => import('./Uploader.tsx'),
  IdentityFrame: () => import('./IdentityFrame.tsx'),
  Ticker: () => import('./Ticker.tsx'),
  CashInMap: () => import('./CashInMap.tsx'),
  UserAgentLog: () => import('./UserAgentLog.tsx'),
  DialogKeys: () => import('./DialogKeys.tsx'),
  OrderWatch: () => import('./OrderWatch.tsx'),
};

export type IslandName = keyof typeof islandLoaders;
export type IslandProps<N extends IslandName> = Parameters<Awaited<ReturnType<(typeof islandLoaders)[N]>>['default']>[0];

export type HydrateStrategy = 'load' | 'idle' | 'visible' | 'interaction';
