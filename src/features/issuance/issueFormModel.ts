/**
 * The Issue NFT form's checks in the browser, before anything is uploaded: the same limits the server
 * applies (`issueForm.server.ts`), so a person sees a mistake next to the field at once. The server checks
 * everything again.
 *
 * @see ./issueForm.server.ts, docs/product-spec.md §2 (/card_issue)
 */
import { iconFileProblem } from '~/features/profiles/profileRules';

/** Most serials one issue mints (as the server). */
export const MAX_SERIALS = 100;
/** Highest royalty in percent (10 %, i.e. 1 000 basis points, as the server). */
export const MAX_ROYALTY_PERCENT = 10;
/** Longest card name. */
export const MAX_CARD_NAME_LENGTH = 100;
/** Most traits a creator sets (as the server). */
export const MAX_TRAITS = 10;

/** One trait as typed: its name and value. */
export interface CardTraitInput {
  type: string;
  value: string;
}

/**
 * The traits to send (rows left blank dropped, text trimmed), or null when a row has only one half, a name
 * repeats, or a name is one the platform writes itself (Series, Serial).
 */
export function traitsToSend(traits: readonly CardTraitInput[]): CardTraitInput[] | null {
  const filled = traits
    .map((trait) => ({ type: trait.type.trim(), value: trait.value.trim() }))
    .filter((trait) => trait.type !== '' || trait.value !== '');
  if (filled.some((trait) => trait.type === '' || trait.value === '')) return null;
  const names = filled.map((trait) => trait.type.toLowerCase());
  if (new Set(names).size !== names.length || names.some((name) => name === 'series' || name === 'serial')) return null;
  return filled.length > MAX_TRAITS ? null : filled;
}

/** One collection of the Issue NFT form (an illustrator's own, on a chain the site runs). */
export interface IssuableCollection {
  id: number;
  name: string;
  chainName: string;
}

/** The fields as typed. */
export interface IssueFormValues {
  name: string;
  serials: string;
  royaltyPercent: string;
  categoryId: string;
  image: { type: string; size: number } | null;
}

/** A field's problem: the key of its message. */
export type IssueFormProblem =
  | 'nameRequired'
  | 'nameTooLong'
  | 'serials'
  | 'royalty'
  | 'category'
  | 'imageRequired'
  | 'imageType'
  | 'imageSize'
  | 'imageEmpty';

/** Royalty percent with at most two decimals (0 to 10) as basis points, or null when it is not one. */
export function royaltyBps(percent: string): number | null {
  const text = percent.trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bps <= MAX_ROYALTY_PERCENT * 100 ? bps : null;
}

/** Every problem of the form, by field; empty when it may be sent. */
export function issueFormProblems(values: IssueFormValues): Partial<Record<keyof IssueFormValues, IssueFormProblem>> {
  const problems: Partial<Record<keyof IssueFormValues, IssueFormProblem>> = {};
  const name = values.name.trim();
  if (!name) problems.name = 'nameRequired';
  else if (name.length > MAX_CARD_NAME_LENGTH) problems.name = 'nameTooLong';
  const serials = Number(values.serials);
  if (!/^\d+$/.test(values.serials.trim()) || serials < 1 || serials > MAX_SERIALS) problems.serials = 'serials';
  if (royaltyBps(values.royaltyPercent) === null) problems.royaltyPercent = 'royalty';
  if (!/^[1-9]\d*$/.test(values.categoryId)) problems.categoryId = 'category';
  if (!values.image) problems.image = 'imageRequired';
  else {
    const problem = iconFileProblem(values.image);
    if (problem === 'type') problems.image = 'imageType';
    if (problem === 'size') problems.image = 'imageSize';
    if (problem === 'empty') problems.image = 'imageEmpty';
  }
  return problems;
}
