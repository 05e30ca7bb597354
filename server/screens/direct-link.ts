// Screen 2, parameter-driven entry: /amount/{amount}/cryptocurrency/{coin}/method/{method}
// with optional /type, /currency and /subtype tails. The link is checked like the home
// form (a refusal shows the form with the messages) and asks for a quote without it. A
// quote that failed without a message comes back here with ?attempt=N.
import { FLOW_KINDS } from '../../checkout/domain.ts';
import { QUOTE_RETRY } from '../../checkout/limits.ts';
import { RETRY_ATTEMPT_PARAM, ROUTES } from '../../checkout/routes.ts';
import { validateAmountForm } from '../../checkout/validation/amount.ts';
import { renderHome } from '../flow/home-page.ts';
import { type AmountValues, requestQuote } from '../flow/quote-request.ts';
import { defineScreen } from '../flow/screen.ts';

interface DirectLinkParams {
  amount: string;
  cryptocurrency: string;
  method: string;
  type?: string;
  currency?: string;
  subtype?: string;
}

export const directLinkScreen = defineScreen({
  route: [ROUTES.transaction, ROUTES.transactionType, ROUTES.transactionTypeCurrency, ROUTES.transactionTypeCurrencySubtype],
  rateLimit: { GET: 'quote', POST: 'quote' },
  get: async (request, reply) => {
    const p = request.params as DirectLinkParams;
    const kind = FLOW_KINDS.find((k) => k === p.type?.toUpperCase()) ?? 'BUY';
    const config = request.merchant.config;
    const values: AmountValues = {
      txnType: kind,
      [kind === 'SELL' ? 'cryptoAmount' : 'fiatAmount']: p.amount,
      cryptoCurrency: p.cryptocurrency.toUpperCase(),
      paymentMethod: p.method.toUpperCase(),
      fiatCurrency: (p.currency ?? config.supportedFiatCurrencies[0]!.id).toUpperCase(),
      ...(p.subtype ? { paymentMethodSubtype: p.subtype } : {}),
    };
    const checked = validateAmountForm(config, values);
    if (!checked.ok) return renderHome(request, reply, { kind, values, errors: checked.errors }, 422);
    const raw = (request.query as Record<string, unknown>)[RETRY_ATTEMPT_PARAM];
    const attempt = Math.max(0, Math.min(Number.parseInt(typeof raw === 'string' ? raw : '0', 10) || 0, QUOTE_RETRY.attempts));
    return requestQuote(request, reply, checked.value, values, '', attempt);
  },
});
