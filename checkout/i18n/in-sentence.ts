// A label written to stand alone (a payment method as the merchant names it: "Virement
// Interac", "Carte de crédit") placed inside a sentence. French capitalises only proper
// names, so mid-sentence the first word is lower-cased: "Payer par virement Interac".
// English keeps its capitals ("Pay by Interac e-Transfer"). A one-word label, or a first
// word with capitals inside or an acronym, is a brand's name and stays as it is.
// Pure and isomorphic; applied where a catalogue text takes a label (checkout/messages.ts).
import { localeOf, lowerCasesLabels, type PageLanguage } from './languages.ts';

/** A capitalised ordinary word: one capital, then lower-case letters only. */
const CAPITALISED_WORD = /^\p{Lu}\p{Ll}+$/u;

export function inSentence(label: string, language: PageLanguage): string {
  if (!lowerCasesLabels(language)) return label;
  const [first, ...rest] = label.split(' ');
  if (rest.length === 0 || first === undefined || !CAPITALISED_WORD.test(first.split('-')[0]!)) return label;
  return first.charAt(0).toLocaleLowerCase(localeOf(language)) + label.slice(1);
}
