// Contact details as a page shows them to someone who holds only an order's Reference ID:
// enough for its owner to recognise, not enough for anyone else to use. The reference is
// printed on receipts and read out to support, so it proves nothing (docs/security.md).

/** 'marie@example.com' as 'm***@example.com'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

/** Characters of an address kept at each end: a wallet shows an address the same way. */
const ADDRESS_HEAD = 6;
const ADDRESS_TAIL = 4;

/** 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' as 'bc1qw5…f3t4'. */
export function maskAddress(address: string): string {
  if (address.length <= ADDRESS_HEAD + ADDRESS_TAIL) return `…${address.slice(-ADDRESS_TAIL)}`;
  return `${address.slice(0, ADDRESS_HEAD)}…${address.slice(-ADDRESS_TAIL)}`;
}
