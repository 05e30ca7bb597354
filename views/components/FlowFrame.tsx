// The frame of a flow step: the step indicator above, the page's card, and the order
// summary: one <details>, folded above the card on phones (it opens without JavaScript),
// shown open beside the card on wide screens by CSS. Everything here is the visitor's own,
// so it stays inside the page's children, never in the document shell.
import type { ReactNode } from 'react';
import type { Order } from '../../checkout/order.ts';
import type { Progress } from '../../checkout/progress.ts';
import { useRenderContext } from '../../server/render/context.tsx';
import { staticPieces } from '../../server/render/static-part.tsx';
import { useTexts } from '../../ui/language.tsx';
import { Money } from '../../ui/Money.tsx';
import { OrderSummary } from './OrderSummary.tsx';

export interface FlowFrameProps {
  progress: Progress | null;
  /** The order so far; none before the quote. */
  order?: Order | undefined;
}

/** Where the visitor stands among the flow's steps: the same for every visitor at that step, so kept as HTML. */
export function StepIndicator({ progress }: { progress: Progress }) {
  const { STEP_TEXT } = useTexts();
  const { language } = useRenderContext();
  const [steps] = staticPieces(`steps ${progress.steps.join(' ')} ${progress.current}`, language, () => (
    <StepList progress={progress} />
  ));
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own render of the steps, kept per language and step
  return <nav className="progress" aria-label={STEP_TEXT.label} dangerouslySetInnerHTML={{ __html: steps! }} />;
}

function StepList({ progress }: { progress: Progress }) {
  const { STEP_TEXT } = useTexts();
  const { steps, current } = progress;
  return (
    <>
      <p className="step-count">
        {STEP_TEXT.of({ n: current + 1, total: steps.length, name: STEP_TEXT.names[steps[current]!] })}
      </p>
      <ol className="steps" aria-hidden="true">
        {steps.map((step, i) => (
          <li key={step} data-state={i < current ? 'done' : i === current ? 'current' : 'todo'}>
            {STEP_TEXT.names[step]}
          </li>
        ))}
      </ol>
    </>
  );
}

export function FlowFrame({ frame, children }: { frame?: FlowFrameProps | undefined; children: ReactNode }) {
  const { SUMMARY_TEXT } = useTexts();
  const { merchant } = useRenderContext();
  if (!frame) return <>{children}</>;
  const { progress, order } = frame;
  return (
    <>
      {progress && <StepIndicator progress={progress} />}
      {order ? (
        <div className="with-summary">
          <details className="summary-panel">
            <summary>
              <span className="summary-title">{SUMMARY_TEXT.title}</span>
              <Money
                kind="fiat"
                amount={order.fiatAmount}
                currency={order.fiatCurrency}
                symbols={merchant.config.supportedFiatCurrencies}
              />
            </summary>
            <OrderSummary order={order} payoutEmail />
          </details>
          <div className="with-summary-main">{children}</div>
        </div>
      ) : (
        children
      )}
    </>
  );
}
