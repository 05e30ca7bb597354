// Types for the two CommonJS address libraries, limited to what address-libs.ts calls.

declare module 'multicoin-address-validator' {
  const validator: {
    /** networkType 'prod' (mainnet) or 'testnet'; false for anything invalid. */
    validate(address: string, currency: string, opts?: { networkType?: 'prod' | 'testnet' }): boolean;
  };
  export default validator;
}

// bchaddrjs' own src/ needs Node's stream and events, which esbuild cannot bundle for the
// browser; its prebuilt UMD file carries its polyfills and works in both places.
declare module 'bchaddrjs/dist/bchaddrjs-0.5.2.min.js' {
  const bchaddr: {
    isValidAddress(input: unknown): boolean;
    /** Throws on an invalid address. */
    detectAddressFormat(address: string): 'legacy' | 'bitpay' | 'cashaddr';
    /** Throws on an invalid address. */
    detectAddressNetwork(address: string): 'mainnet' | 'testnet';
    /** Any valid form (legacy, cashaddr with or without its prefix) as prefixed cashaddr. Throws on an invalid address. */
    toCashAddress(address: string): string;
  };
  export default bchaddr;
}
