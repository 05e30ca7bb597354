// The selfie instructions name the photo IDs of the buyer's country (docs/spec.md screen 12),
// the Philippines' being the same list the cash payment page gives.
import t from 'tap';
import { selfieInstructionsOf } from '../../checkout/identity.ts';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { documentTypeLabels } from '../../checkout/validation/upload.ts';

const { CASH_PAGE, PHOTO_IDS } = DEFAULT_TEXTS;

t.test("each country's instructions name its own IDs", async (t) => {
  const ca = selfieInstructionsOf('CA');
  t.equal(ca.holdId, 'Hold one of these photo IDs next to your face:');
  t.strictSame(ca.ids, ["Driver's licence", 'Passport', 'Provincial or territorial photo ID card']);
  t.strictSame(selfieInstructionsOf('AU').ids, ['Driver licence', 'Passport', 'Proof of age or photo card']);
  t.strictSame(selfieInstructionsOf('ID').ids, ['KTP (identity card)', 'Passport', 'SIM (driving licence)']);

  const ph = selfieInstructionsOf('PH');
  t.equal(ph.ids, CASH_PAGE.validIds, 'the Philippines: the very list of the cash payment page');
  t.ok(ph.ids.includes('PhilSys National ID') && ph.ids.includes('UMID'));
  for (const country of ['AU', 'PH', 'ID'])
    t.notOk(
      selfieInstructionsOf(country)
        .ids.join(' ')
        .match(/provincial/i),
      `${country}: no provincial photo ID card`,
    );

  for (const country of ['CA', 'AU', 'PH', 'ID']) {
    const { after } = selfieInstructionsOf(country);
    t.strictSame(
      after,
      [
        "Your whole face and the whole ID must be in the picture, with the ID's photo and text readable.",
        'Take it in good light, without a hat or sunglasses.',
      ],
      `${country}: the same steps after the IDs`,
    );
  }
  t.equal(selfieInstructionsOf('ZZ').ids, PHOTO_IDS.CA, "an unknown country: Canada's, the default currency's");
});

t.test('document type labels still depend on CA or AU (docs/spec.md section 3)', async (t) => {
  t.equal(documentTypeLabels('CA').GOVERNMENTID, 'Provincial Photo ID Card');
  t.equal(documentTypeLabels('AU').GOVERNMENTID, 'Proof of Age / Photo Card');
});
