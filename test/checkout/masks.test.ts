// Contact details as a page shows them to a holder of the reference alone.
import t from 'tap';
import { maskAddress, maskEmail } from '../../checkout/masks.ts';

t.test('an email keeps its first letter and its domain', async (t) => {
  t.equal(maskEmail('marie@example.com'), 'm***@example.com');
  t.equal(maskEmail('a@b.ca'), 'a***@b.ca');
  t.equal(maskEmail('@example.com'), '***@example.com', 'nothing before the @: nothing of it');
  t.equal(maskEmail('first@last@example.com'), 'f***@example.com', 'the domain after the last @');
  t.equal(maskEmail('no-at-sign'), '***', 'not an email: nothing of it');
});

t.test('an address keeps its ends, as a wallet shows it', async (t) => {
  t.equal(maskAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'), 'bc1qw5…f3t4');
  t.equal(maskAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'), '0x5aAe…eAed');
  t.equal(maskAddress('short1234'), '…1234', 'a short one: its end only');
});
