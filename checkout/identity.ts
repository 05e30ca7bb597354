// What the selfie with photo ID must show (docs/spec.md screen 12, "Instructions list by
// country"): the photo IDs named are those of the buyer's country, the same list the cash
// payment page gives for the Philippines.
import { servedCountry } from './domain.ts';
import { DEFAULT_TEXTS, type Texts } from './messages.ts';

export interface SelfieInstructions {
  /** The first step, followed by the IDs. */
  holdId: string;
  ids: readonly string[];
  /** The steps after it. */
  after: readonly string[];
}

export function selfieInstructionsOf(country: string, texts: Texts = DEFAULT_TEXTS): SelfieInstructions {
  return {
    holdId: texts.SELFIE_TEXT.holdId,
    ids: texts.PHOTO_IDS[servedCountry(country)],
    after: [texts.SELFIE_TEXT.wholeFace, texts.SELFIE_TEXT.light],
  };
}
