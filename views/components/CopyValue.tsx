// A value the visitor copies (an address, a Reference ID, a reference number): selectable
// text that works without JavaScript, and a copy button beside it once hydrated.
import { Island } from '../../server/render/island.tsx';

/** `code`: a value a page translation must leave as it is (a link). */
export function CopyValue({ value, label, name, code = false }: { value: string; label: string; name?: string; code?: boolean }) {
  return (
    <span className="copy-value">
      <span className="copy-value-text" translate={code ? 'no' : undefined}>
        {value}
      </span>
      <Island name="CopyButton" props={name ? { text: value, label, name } : { text: value, label }} hydrate="visible" inline />
    </span>
  );
}
