import { Fragment } from 'react';

/** After these a long name may wrap; an e-mail also before its "@". */
const BREAK_AFTER = /([._\-/])/;

/**
 * A file name or an e-mail that wraps where a reader expects (after "_", ".", "-", "/" and
 * before "@"), not in the middle of a word. Goes with `overflow-wrap: anywhere` on the parent
 * only as the last resort for a single part longer than the line.
 */
export function BreakableText({ children }: { children: string }) {
  const parts = children.split('@').flatMap((chunk, index) => {
    const pieces = chunk.split(BREAK_AFTER).filter(Boolean);
    const joined: string[] = [];
    for (const piece of pieces) {
      if (BREAK_AFTER.test(piece) && joined.length > 0) joined[joined.length - 1] += piece;
      else joined.push(piece);
    }
    return index === 0 ? joined : [`@${joined[0] ?? ''}`, ...joined.slice(1)];
  });
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
