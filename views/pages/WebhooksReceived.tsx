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
          <div className="table-scroll">
            <table className="events-received">
              <thead>
                <tr>
                  <th scope="col">{text.column.receivedAt}</th>
                  <th scope="col">{text.column.type}</th>
                  <th scope="col">{text.column.reference}</th>
                  <th scope="col">{text.column.sequence}</th>
                  <th scope="col">{text.column.verdict}</th>
                </tr>
              </thead>
              <tbody>
                {received.map((row) => (
                  <tr key={`${row.id} ${row.receivedAt}`}>
                    <td>{time(row.receivedAt)}</td>
                    <td translate="no">{row.type}</td>
                    <td translate="no" className="crypto-address">
                      {row.refId}
                    </td>
                    <td>{row.sequence}</td>
                    <td className={row.verdict === 'valid' ? undefined : 'verdict-refused'}>{verdicts[row.verdict]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </Document>
  );
}
