// TEST and DEV hosts: the order events the sandbox's receiver got for the merchant, newest
// first, each with its signature's verdict, so a merchant's developer sees real signed
// events before going live.

import { useMerchantWords } from '../../server/render/context.tsx';
import { useTexts } from '../../ui/language.tsx';
import { Document } from '../layout/Document.tsx';

export type WebhookVerdict = 'valid' | 'invalid-signature' | 'stale-timestamp' | 'no-secret' | 'missing-headers';

export interface ReceivedRow {
  /** webhook-id: the same on each attempt of one event. */
  id: string;
  receivedAt: string;
  type: string;
  refId?: string | undefined;
  sequence?: number | undefined;
  verdict: WebhookVerdict;
}

export interface WebhooksReceivedProps {
  /** Newest first; undefined: the sandbox did not answer. */
  received: ReceivedRow[] | undefined;
  /** How a time is written on this page. */
  time: (iso: string) => string;
}

export function WebhooksReceivedPage({ received, time }: WebhooksReceivedProps) {
  const { WEBHOOKS_PAGE_TEXT: text } = useTexts();
  const verdicts: Record<WebhookVerdict, string> = {
    valid: text.verdict.valid,
    'invalid-signature': text.verdict.invalidSignature,
    'stale-timestamp': text.verdict.staleTimestamp,
    'no-secret': text.verdict.noSecret,
    'missing-headers': text.verdict.missingHeaders,
  };
  return (
    <Document title={text.title} description={text.description({ title: useMerchantWords().title })}>
      <section className="card">
        <h1>{text.title}</h1>
        <p>{text.intro}</p>
        {received === undefined && <p role="alert">{text.unavailable}</p>}
        {received?.length === 0 && <p>{text.empty}</p>}
        {received?.length ? (
          <ol className="events-received">
            {received.map((row) => (
              <li key={`${row.id} ${row.receivedAt}`}>
                <p>
                  <strong translate="no">{row.type}</strong>{' '}
                  <span>
                    {text.column.verdict}{' '}
                    <span className={row.verdict === 'valid' ? 'verdict' : 'verdict refused'}>{verdicts[row.verdict]}</span>
                  </span>
                </p>
                <dl>
                  <div>
                    <dt>{text.column.receivedAt}</dt>
                    <dd>{time(row.receivedAt)}</dd>
                  </div>
                  <div>
                    <dt>{text.column.reference}</dt>
                    <dd translate="no" className="crypto-address">
                      {row.refId}
                    </dd>
                  </div>
                  <div>
                    <dt>{text.column.sequence}</dt>
                    <dd>{row.sequence}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
        ) : null}
      </section>
    </Document>
  );
}
