// The audio step (audio-input, and audio-input-skip for vouchers), which the spec leaves
// open: a short phone call to the merchant's toll-free line, then Continue asks the
// upstream where the order stands. The skip variant may also go on without the call.
import { Document } from '../layout/Document.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { FormErrors } from '../components/Field.tsx';
import { SubmitButton } from '../components/FormParts.tsx';
import { useRenderContext } from '../../server/render/context.tsx';

export interface AudioInputProps {
  frame?: FlowFrameProps | undefined;
  action: string;
  skippable: boolean;
  refId?: string;
  messages: string[];
}

export function AudioInputPage({ action, skippable, refId, messages, frame }: AudioInputProps) {
  const { config } = useRenderContext().merchant;
  const number = config.audioTollFreeNumber;
  return (
    <Document title="Verify by phone">
      <FlowFrame frame={frame}>
        <section className="card">
          <h1>One short phone call</h1>
          <FormErrors messages={messages} />
          {number ? (
            <p>
              Call{' '}
              <a href={`tel:${number.replace(/[^\d+]/g, '')}`} className="phone-number">
                {number}
              </a>{' '}
              from the mobile number you gave us.
            </p>
          ) : (
            <p>Please call our support line from the mobile number you gave us.</p>
          )}
          <p>When asked, say:</p>
          <ol className="instructions">
            <li>your full name,</li>
            <li>your date of birth,</li>
            {refId && (
              <li>
                your Reference ID, <strong className="crypto-address">{refId}</strong>,
              </li>
            )}
            <li>and that you are buying cryptocurrency for yourself.</li>
          </ol>
          <form method="post" action={action}>
            <SubmitButton name="called" value="1">
              I have called, continue
            </SubmitButton>
            {skippable && (
              <SubmitButton look="secondary" name="called" value="0">
                Continue without the call
              </SubmitButton>
            )}
          </form>
        </section>
      </FlowFrame>
    </Document>
  );
}
