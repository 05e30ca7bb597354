// Request bodies that several test files send: one copy, valid against the contract.
export const QUOTE_REQUEST = {
  fiatAmount: 100,
  fiatCurrency: 'CAD',
  cryptoCurrency: 'BTC',
  paymentMethod: 'ETRANSFER',
  txnType: 'BUY',
  browserResolution: '1280x800',
  country: 'CA',
  cryptoAmount: 0,
} as const;
