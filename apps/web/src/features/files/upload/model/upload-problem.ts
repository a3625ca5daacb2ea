import { isApiError } from '../../../../api/api-error';
import type { UploadProblem, UploadProblemKey } from './upload-queue';

/** The server's refusals the dialog says in the user's language; others keep its words. */
const KNOWN_REFUSALS: ReadonlyArray<[RegExp, UploadProblemKey]> = [
  [/^G-code not selected or invalid\.$/, 'notSelected'],
  [/^Hidden or system files are not accepted\.$/, 'hidden'],
  [/^The file must be larger than \d+ bytes\.$/, 'tooSmall'],
  [/^The file is neither text G-code nor binary G-code/, 'notGcode'],
];

/** What a failed upload call tells the user about that file. */
export function describeUploadError(error: unknown): UploadProblem {
  if (!isApiError(error)) return { text: error instanceof Error ? error.message : String(error) };
  if (error.isNetworkError) return { key: 'network' };
  if (error.status === 413) return { key: 'tooLarge' };
  const reasons = error.getFieldErrors('file');
  if (reasons.length === 0) return { text: error.message };
  const known = KNOWN_REFUSALS.find(([pattern]) => reasons.some((reason) => pattern.test(reason)));
  return known ? { key: known[1] } : { text: reasons.join(' ') };
}
