// A method label inside a sentence, the French way.
import t from 'tap';
import { inSentence } from '../../checkout/i18n/in-sentence.ts';
import { textsFor } from '../../checkout/messages.ts';

t.test('French lower-cases a capitalised common word that starts a label', async (t) => {
  t.equal(inSentence('Virement Interac', 'fr-CA'), 'virement Interac');
  t.equal(inSentence('Carte de crédit', 'fr-CA'), 'carte de crédit');
  t.equal(inSentence('Carte-cadeau électronique', 'fr-CA'), 'carte-cadeau électronique');
  t.equal(inSentence('Écran tactile', 'fr-CA'), 'écran tactile', 'accented capitals too');
});

t.test('names stay as they are', async (t) => {
  for (const name of ['Flexepin', 'PayID', 'OTC paiement', 'PayID Osko', 'Interac'])
    t.equal(inSentence(name, 'fr-CA'), name, name);
});

t.test('English keeps its capitals', async (t) => {
  t.equal(inSentence('Interac e-Transfer', 'en'), 'Interac e-Transfer');
  t.equal(inSentence('Bank Transfer', 'en'), 'Bank Transfer');
});

t.test('the payment page heading reads the rule', async (t) => {
  t.equal(textsFor('fr-CA').PAY_PAGE.heading('Virement Interac'), 'Payer par virement Interac');
  t.equal(textsFor('en').PAY_PAGE.heading('Interac e-Transfer'), 'Pay by Interac e-Transfer');
});
