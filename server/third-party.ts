// Where the third parties live. Each is an environment setting; the process may hand in
// defaults for the ones not set (main.ts passes the embedded sandbox's pages). A URL set
// nowhere turns its feature off: the edge still starts, says once which features are off,
// and a screen checks `app.thirdParty.available` before offering one.
import fp from 'fastify-plugin';
import type { AppConfig } from './config.ts';

export interface ThirdPartyUrls {
  /** Document upload API: UPLOAD_URL, else the upstream's /upload; always set. */
  uploadUrl: string;
  cardQuoteUrl?: string;
  cardWidgetUrl?: string;
  /** Append '/{token}'. */
  identityUrl?: string;
  formServiceUrl?: string;
  userAgentLogUrl?: string;
}

/** The URLs a deployment may leave out. */
export type OptionalThirdPartyUrls = Omit<ThirdPartyUrls, 'uploadUrl'>;

/** Every feature that needs a third party: what it is called and the variables it needs. */
const THIRD_PARTY_FEATURES = {
  card: { label: 'card payments', needs: { cardQuoteUrl: 'CARD_QUOTE_URL', cardWidgetUrl: 'CARD_WIDGET_URL' } },
  identity: { label: 'identity-verification frame', needs: { identityUrl: 'IDENTITY_URL' } },
  uploadNotice: { label: 'upload notice to the form service', needs: { formServiceUrl: 'FORM_SERVICE_URL' } },
  userAgentLog: { label: 'user-agent logging', needs: { userAgentLogUrl: 'USER_AGENT_LOG_URL' } },
} as const satisfies Record<string, { label: string; needs: { [K in keyof OptionalThirdPartyUrls]?: string } }>;

export type ThirdPartyFeature = keyof typeof THIRD_PARTY_FEATURES;

export interface ThirdParty extends ThirdPartyUrls {
  /** A feature is available when every URL it needs is set. */
  available: Readonly<Record<ThirdPartyFeature, boolean>>;
}

const FEATURES = Object.entries(THIRD_PARTY_FEATURES) as [ThirdPartyFeature, (typeof THIRD_PARTY_FEATURES)[ThirdPartyFeature]][];

/** The environment's URLs, else the defaults; upload defaults to the upstream's own. */
export function resolveThirdParty(config: AppConfig, upstreamUrl: string, defaults: OptionalThirdPartyUrls = {}): ThirdParty {
  const urls: ThirdPartyUrls = { uploadUrl: config.uploadUrl ?? `${upstreamUrl}/upload` };
  for (const key of Object.keys(config.thirdParty) as (keyof OptionalThirdPartyUrls)[]) {
    const url = config.thirdParty[key] ?? defaults[key];
    if (url) urls[key] = url;
  }
  const available = Object.fromEntries(
    FEATURES.map(([feature, { needs }]) => [
      feature,
      Object.keys(needs).every((key) => urls[key as keyof OptionalThirdPartyUrls]),
    ]),
  ) as Record<ThirdPartyFeature, boolean>;
  return { ...urls, available };
}

/** The card provider's staging widget: where a merchant without `cardWidget.baseUrl` is sent (docs/spec.md section 8). */
export const CARD_WIDGET_STAGING_URL = 'https://widget.staging.cardprovider.example/';

/**
 * The card widget a merchant's visitors see: the deployment's CARD_WIDGET_URL when set (the
 * sandbox sets it for every merchant), else the merchant's `cardWidget.baseUrl`, else the
 * provider's staging URL. The CSP frames exactly this origin for the merchant.
 */
export function cardWidgetUrlFor(thirdParty: Pick<ThirdPartyUrls, 'cardWidgetUrl'>, cardWidget: { baseUrl?: string }): string {
  return thirdParty.cardWidgetUrl ?? cardWidget.baseUrl ?? CARD_WIDGET_STAGING_URL;
}

/** The features that are off, with the variables that would turn each on. */
export function featuresOff(thirdParty: ThirdParty): { feature: ThirdPartyFeature; label: string; variables: string[] }[] {
  return FEATURES.filter(([feature]) => !thirdParty.available[feature]).map(([feature, { label, needs }]) => ({
    feature,
    label,
    variables: Object.entries(needs)
      .filter(([key]) => !thirdParty[key as keyof OptionalThirdPartyUrls])
      .map(([, variable]) => variable),
  }));
}

/** Decorates `app.thirdParty` and logs one warning naming every feature that is off. */
export const thirdPartyPlugin = fp<{ thirdParty: ThirdParty }>(
  async (app, { thirdParty }) => {
    app.decorate('thirdParty', thirdParty);
    const off = featuresOff(thirdParty);
    if (off.length === 0) return;
    app.log.warn(
      { featuresOff: off.map((f) => f.feature), unsetVariables: off.flatMap((f) => f.variables) },
      `third parties not configured, these features are off: ${off.map((f) => `${f.label} (${f.variables.join(', ')})`).join('; ')}`,
    );
  },
  { name: 'edge-third-party', fastify: '5.x' },
);
