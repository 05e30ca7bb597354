// What the exchange charges each merchant's visitors: the fee fields of the merchants' own
// files (merchant.json), each method's as the edge's method names them, so the demo's
// figures add up on every page the edge shows. A real exchange
// keeps its merchants' fee schedules itself; the sandbox reads the same files as the edge,
// and reads one again when it changes. A merchant it cannot read charges no fee.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FeeFields } from '../../checkout/domain.ts';

export interface MerchantFees {
  isPromo: boolean;
  /** A merchant whose env is not PROD trades on the coins' test networks (its deposit addresses too). */
  testNetwork: boolean;
  /** Every numeric field of the file, by name. */
  amounts: Readonly<Record<string, number>>;
  /** Which of them each method charges, by method name. */
  fields: Readonly<Record<string, FeeFields>>;
}

export class FeeBook {
  readonly #dir: string;
  readonly #fields: Readonly<Record<string, FeeFields>>;
  readonly #read = new Map<string, { mtimeMs: number; fees: MerchantFees }>();

  constructor(merchantsDir: string, fields: Readonly<Record<string, FeeFields>>) {
    this.#dir = merchantsDir;
    this.#fields = fields;
  }

  of(merchant: string | undefined): MerchantFees | undefined {
    if (!merchant || !/^[a-z0-9-]+$/.test(merchant)) return undefined;
    const file = path.join(this.#dir, merchant, 'merchant.json');
    try {
      const { mtimeMs } = statSync(file);
      const known = this.#read.get(merchant);
      if (known?.mtimeMs === mtimeMs) return known.fees;
      const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const amounts = Object.fromEntries(
        Object.entries(config).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
      );
      const fees = { isPromo: config.isPromo === true, testNetwork: config.env !== 'PROD', amounts, fields: this.#fields };
      this.#read.set(merchant, { mtimeMs, fees });
      return fees;
    } catch {
      return undefined;
    }
  }
}
