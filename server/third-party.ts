// Where the third parties live: each is an environment setting for production, and
// defaults to the embedded sandbox's page of the same kind when the sandbox runs.
import { ConfigError, type AppConfig } from './config.ts';
import type { RunningSandbox } from './sandbox/index.ts';

export interface ThirdPartyUrls {
  uploadUrl: string;
  cardQuoteUrl: string;
  cardWidgetUrl: string;
  identityUrl: string;
  formServiceUrl: string;
  userAgentLogUrl: string;
}

export function resolveThirdParty(config: AppConfig, upstreamUrl: string, sandbox?: RunningSandbox): ThirdPartyUrls {
  const sb = sandbox?.thirdParty;
  const tp = config.thirdParty;
  const pick = (configured: string | undefined, fromSandbox: string | undefined, name: string) => {
    const url = configured ?? fromSandbox;
    if (!url) throw new ConfigError(`Invalid environment:\n  ${name}: required when UPSTREAM_URL points at a real upstream`);
    return url;
  };
  return {
    uploadUrl: config.uploadUrl ?? `${upstreamUrl}/upload`,
    cardQuoteUrl: pick(tp.cardQuoteUrl, sb?.cardQuoteUrl, 'CARD_QUOTE_URL'),
    cardWidgetUrl: pick(tp.cardWidgetUrl, sb?.cardWidgetUrl, 'CARD_WIDGET_URL'),
    identityUrl: pick(tp.identityUrl, sb?.identityUrl, 'IDENTITY_URL'),
    formServiceUrl: pick(tp.formServiceUrl, sb?.formServiceUrl, 'FORM_SERVICE_URL'),
    userAgentLogUrl: pick(tp.userAgentLogUrl, sb?.userAgentLogUrl, 'USER_AGENT_LOG_URL'),
  };
}
