// The sandbox's payment rails, one file each: the methods its exchange takes (a test may
// start a sandbox with a rail of its own, SandboxOptions.rails).
import { bankTransferRail } from './bank-transfer.ts';
import { creditCardRail } from './credit-card.ts';
import { etransferRail } from './etransfer.ts';
import { etransferOutRail } from './etransfer-out.ts';
import { flexepinRail } from './flexepin.ts';
import { giftCardRail } from './gift-card.ts';
import { otcRail } from './otc.ts';
import type { Rail } from './rail.ts';

export const RAILS: readonly Rail[] = [
  etransferRail,
  creditCardRail,
  flexepinRail,
  giftCardRail,
  etransferOutRail,
  bankTransferRail,
  otcRail,
];
