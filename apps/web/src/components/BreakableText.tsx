import { Fragment } from 'react';

/**
 * Where a long name may wrap: after "_", "-", "/", after a "." that does not stand in a number
 * ("0.2mm" stays whole), and before an e-mail's "@".
 */
const BREAK_POINTS = /(?<=[_\-/])|(?<=\.)(?!\d)|(?=@)/;

/**
 * A file name or an e-mail that wraps where a reader expects, not in the middle of a word. Goes
 * with `overflow-wrap: anywhere` on the parent only as the last resort for a part longer than
 * the line.
 */
export function BreakableText({ children }: { children: string }) {
  const parts = children.split(BREAK_POINTS).filter(Boolean);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
