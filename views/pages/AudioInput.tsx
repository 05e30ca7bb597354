// The audio step (audio-input, and audio-input-skip for vouchers), which the spec leaves
// open: a short phone call to the merchant's toll-free line, then Continue asks the
// upstream where the order stands. The skip variant may also go on without the call.

import { useRenderContext } from '../../server/render/context.tsx';
import { FormErrors } from '../../ui/Field.tsx';
import { useTexts, withNodes } from '../../ui/language.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { SubmitButton } from '../components/FormParts.tsx';
import { Document } from '../layout/Document.tsx';

export interface AudioInputProps {
  frame?: FlowFrameProps | undefined;
  action: string;
  skippable: boolean;
  refId?: string;
  messages: string[];
}

export function AudioInputPage({ action, skippable, refId, messages, frame }: AudioInputProps) {
  const { AUDIO_PAGE } = useTexts();
  const { config } = useRenderContext().merchant;
  const number = config.audioTollFreeNumber;
  return (
    <Document title={AUDIO_PAGE.title}>
      <FlowFrame frame={frame}>
        <section className="card">
          <h1>{AUDIO_PAGE.heading}</h1>
          <FormErrors messages={messages} />
          {number ? (
            <p>
              {withNodes(AUDIO_PAGE.call, {
                number: (
                  <a href={`tel:${number.replace(/[^\d+]/g, '')}`} className="phone-number">
                    {number}
                  </a>
                ),
              })}
            </p>
          ) : (
            <p>{AUDIO_PAGE.callSupport}</p>
          )}
          <p>{AUDIO_PAGE.whenAsked}</p>
          <ol className="instructions">
            <li>{AUDIO_PAGE.fullName}</li>
            <li>{AUDIO_PAGE.birthDate}</li>
            {refId && (
              <li>
                {withNodes(AUDIO_PAGE.reference, {
                  reference: <strong className="crypto-address">{refId}</strong>,
                })}
              </li>
            )}
            <li>{AUDIO_PAGE.forYourself}</li>
          </ol>
          <form method="post" action={action}>
            <SubmitButton name="called" value="1">
              {AUDIO_PAGE.called}
            </SubmitButton>
            {skippable && (
              <SubmitButton look="secondary" name="called" value="0">
                {AUDIO_PAGE.skip}
              </SubmitButton>
            )}
          </form>
        </section>
      </FlowFrame>
    </Document>
  );
}
