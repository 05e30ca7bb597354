// A reference read aloud (at a payment centre's counter, to support): in groups of
// checkout/cash-receipt.ts, never broken inside a group. The text copies and reads as one
// code, the groups are spacing only. A code, not words: a page translation leaves it as it is.
import { referenceGroups, referenceLength } from '../../checkout/cash-receipt.ts';

export function ReferenceNumber({ reference, id }: { reference: string; id?: string }) {
  return (
    <div className="reference">
      <p className={`reference-number ${referenceLength(reference)}`} id={id} translate="no">
        {referenceGroups(reference).map((group, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: groups of one code, in order, never reordered
          <span className="reference-group" key={i}>
            {group}
          </span>
        ))}
      </p>
    </div>
  );
}
