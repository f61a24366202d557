/**
 * The Issue cards form (illustrators): name and description in Japanese and English, image (with a preview),
 * traits, number of serials, collection and royalty. Checks the fields in the browser first, then sends them
 * as multipart to `POST /api/v1/card_issue`, which has the platform minter mint the serials to the
 * illustrator's wallet; the result links to the creator page where the new cards show.
 *
 * @see ./issueFormModel.ts, ../../pages/api/v1/card_issue.ts, spec §2 (/card_issue)
 */
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '~/client/api';
import { api } from '~/client/siteApi';
import { FIELD_INPUT, Field, TextField } from '~/ui/forms/Field';
import { Submit } from '~/ui/forms/Submit';
import { showSnackbar } from '~/ui/snackbar/store';
import { type CardExtraMessages, type CardExtras, EnglishFields, ImagePreview, TraitFields } from './CardExtraFields';
import {
  type IssuableCollection,
  type IssueFormProblem,
  type IssueFormValues,
  issueFormProblems,
  MAX_CARD_NAME_LENGTH,
  MAX_ROYALTY_PERCENT,
  MAX_SERIALS,
  royaltyBps,
  traitsToSend,
} from './issueFormModel';
import { localDateTime, SaleFields, type SaleMessages, type SaleValues, saleProblem } from './SaleFields';

/** Props of {@link IssueCardForm}. */
export interface IssueCardFormProps {
  collections: IssuableCollection[];
  /** Where the new cards show: the illustrator's creator page. */
  creatorPath: string;
  messages: {
    name: string;
    description: string;
    image: string;
    imageHint: string;
    serials: string;
    serialsHint: string;
    collection: string;
    royalty: string;
    royaltyHint: string;
    submit: string;
    minting: string;
    /** With `{count}`: how many cards were minted. */
    issued: string;
    seeThem: string;
    failure: string;
    problems: Record<IssueFormProblem, string>;
    extras: CardExtraMessages;
    /** A trait row with one half only, a repeated name, or Series / Serial. */
    traitsProblem: string;
  };
  /** When card payments are on: selling the design for yen instead (a drop), with its messages. */
  sale?: { messages: SaleMessages; collectionBase: string } | undefined;
}

type Result =
  | { kind: 'issued'; count: number }
  | { kind: 'onSale'; collectionId: number }
  | { kind: 'failed'; text: string }
  | null;

/** The form island. */
export default function IssueCardForm({ collections, creatorPath, messages: m, sale }: IssueCardFormProps) {
  const id = useId();
  const [values, setValues] = useState<Omit<IssueFormValues, 'image'>>({
    name: '',
    serials: '1',
    royaltyPercent: '5',
    categoryId: String(collections[0]?.id ?? ''),
  });
  const [description, setDescription] = useState('');
  const [extras, setExtras] = useState<CardExtras>({ nameEn: '', descriptionEn: '', traits: [] });
  const [traitsProblem, setTraitsProblem] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const [problems, setProblems] = useState<ReturnType<typeof issueFormProblems>>({});
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const [selling, setSelling] = useState(false);
  const [saleValues, setSaleValues] = useState<SaleValues>({
    priceJpy: '1000',
    startsAt: localDateTime(0),
    endsAt: localDateTime(14),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const found = issueFormProblems({ ...values, image });
    setProblems(found);
    const traits = traitsToSend(extras.traits);
    setTraitsProblem(traits === null);
    if (Object.keys(found).length > 0 || !image || traits === null) return;
    if (selling && sale && saleProblem(saleValues)) {
      setResult({ kind: 'failed', text: sale.messages.invalidSale });
      return;
    }
    const body = new FormData();
    body.append('name', values.name.trim());
    body.append('name_en', extras.nameEn.trim());
    body.append('description', description.trim());
    body.append('description_en', extras.descriptionEn.trim());
    body.append('traits', JSON.stringify(traits));
    body.append('serials', values.serials.trim());
    body.append('category_id', values.categoryId);
    body.append('royalty_bps', String(royaltyBps(values.royaltyPercent)));
    body.append('image', image);
    setSending(true);
    try {
      if (selling && sale) {
        body.append('price_jpy', saleValues.priceJpy.trim());
        body.append('starts_at', new Date(saleValues.startsAt).toISOString());
        body.append('ends_at', new Date(saleValues.endsAt).toISOString());
        const created = await api.post<{ drop: { collectionId: number } }>('/api/v1/dashboard/drops', body);
        setResult({ kind: 'onSale', collectionId: created.drop.collectionId });
        showSnackbar(sale.messages.onSale, { timeout: 3000 });
        return;
      }
      const issued = await api.post<{ cards: unknown[] }>('/api/v1/card_issue', body);
      setResult({ kind: 'issued', count: issued.cards.length });
      showSnackbar(m.issued.replace('{count}', String(issued.cards.length)), { timeout: 3000 });
    } catch (error) {
      const text = error instanceof ApiError ? error.message : m.failure;
      setResult({ kind: 'failed', text });
      showSnackbar(text, { color: 'alert', timeout: 3000 });
    } finally {
      setSending(false);
    }
  }

  const problem = (field: keyof IssueFormValues) => {
    const key = problems[field];
    return key ? m.problems[key] : undefined;
  };
  const text = (field: keyof typeof values) => ({
    name: field,
    value: values[field],
    onChange: (value: string) => setValues((current) => ({ ...current, [field]: value })),
    problem: problem(field),
    required: true,
  });

  return (
    <form
      method="post"
      encType="multipart/form-data"
      className="grid max-w-xl gap-5"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={sending}
    >
      <TextField {...text('name')} label={m.name} maxLength={MAX_CARD_NAME_LENGTH * 2} />
      <Field label={m.description}>
        {(control) => (
          <textarea
            {...control}
            name="description"
            rows={4}
            maxLength={2_000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            className={FIELD_INPUT}
          />
        )}
      </Field>
      <EnglishFields values={extras} onChange={setExtras} m={m.extras} />
      <Field
        label={m.image}
        hint={m.imageHint}
        problem={problem('image')}
        after={<ImagePreview file={image} label={m.extras.preview} />}
      >
        {(control) => (
          <input
            {...control}
            name="image"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            required
            onChange={(event) => setImage(event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <TraitFields
        id={id}
        values={extras}
        onChange={setExtras}
        m={m.extras}
        problem={traitsProblem ? m.traitsProblem : null}
      />
      <Field label={m.collection} problem={problem('categoryId')}>
        {(control) => (
          <select
            {...control}
            name="category_id"
            value={values.categoryId}
            onChange={(event) => setValues((current) => ({ ...current, categoryId: event.target.value }))}
            className={FIELD_INPUT}
          >
            {collections.map((collection) => (
              <option key={collection.id} value={collection.id}>
                {collection.name} ({collection.chainName})
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...text('serials')}
          label={m.serials}
          hint={m.serialsHint}
          type="number"
          min={1}
          max={MAX_SERIALS}
        />
        <TextField
          {...text('royaltyPercent')}
          name="royalty_percent"
          label={m.royalty}
          hint={m.royaltyHint.replace('{max}', String(MAX_ROYALTY_PERCENT))}
          inputMode="decimal"
        />
      </div>
      {sale && (
        <SaleFields
          selling={selling}
          onSelling={setSelling}
          values={saleValues}
          onChange={setSaleValues}
          m={sale.messages}
        />
      )}
      <Submit
        busy={sending}
        label={m.submit}
        busyLabel={m.minting}
        className="justify-self-start rounded-full bg-primary px-6 py-2 font-semibold text-white disabled:cursor-wait disabled:opacity-60"
      />
      {result?.kind === 'issued' && (
        <p role="status" className="text-sm">
          {m.issued.replace('{count}', String(result.count))}{' '}
          <a className="underline" href={creatorPath}>
            {m.seeThem}
          </a>
        </p>
      )}
      {result?.kind === 'onSale' && sale && (
        <p role="status" className="text-sm">
          {sale.messages.onSale}{' '}
          <a className="underline" href={`${sale.collectionBase}/${result.collectionId}`}>
            {sale.messages.seeSale}
          </a>
        </p>
      )}
      {result?.kind === 'failed' && (
        <p role="alert" className="text-sm text-active-muted">
          {result.text}
        </p>
      )}
    </form>
  );
}
