/**
 * The parts of the Issue cards form beyond the spec's fields: the English name and description (what the
 * English pages show), the creator's own traits (name and value, up to {@link MAX_TRAITS}), and a preview of
 * the chosen image.
 *
 * @see ./IssueCardForm.tsx, ./issueFormModel.ts
 */
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { bindFields } from '~/ui/forms/bindFields';
import { FIELD_INPUT, Field, TextField } from '~/ui/forms/Field';
import { type CardTraitInput, MAX_TRAITS } from './issueFormModel';

/** The English name and description, and the traits, as typed. */
export interface CardExtras {
  nameEn: string;
  descriptionEn: string;
  traits: CardTraitInput[];
}

/** The messages of these fields. */
export interface CardExtraMessages {
  nameEn: string;
  descriptionEn: string;
  traits: string;
  traitsHint: string;
  traitType: string;
  traitValue: string;
  addTrait: string;
  removeTrait: string;
  preview: string;
}

/** The English name and description fields. */
export function EnglishFields({
  values,
  onChange,
  m,
}: {
  values: CardExtras;
  onChange: Dispatch<SetStateAction<CardExtras>>;
  m: CardExtraMessages;
}) {
  const bind = bindFields(values, onChange);
  return (
    <>
      <TextField {...bind('nameEn')} name="name_en" label={m.nameEn} lang="en" maxLength={100} />
      <Field label={m.descriptionEn}>
        {(control) => (
          <textarea
            {...control}
            name="description_en"
            lang="en"
            rows={3}
            maxLength={2_000}
            value={values.descriptionEn}
            onChange={(event) => bind('descriptionEn').onChange(event.target.value)}
            className={FIELD_INPUT}
          />
        )}
      </Field>
    </>
  );
}

/** The traits editor: a row per trait, one more row on request, each row removable. */
export function TraitFields({
  id,
  values,
  onChange,
  m,
  problem,
}: {
  id: string;
  values: CardExtras;
  onChange: (values: CardExtras) => void;
  m: CardExtraMessages;
  problem: string | null;
}) {
  const set = (index: number, field: keyof CardTraitInput, value: string) =>
    onChange({
      ...values,
      traits: values.traits.map((trait, at) => (at === index ? { ...trait, [field]: value } : trait)),
    });
  const cell = (index: number, field: keyof CardTraitInput, label: string, maxLength: number) => (
    <label className="grid min-w-0 gap-1 text-sm">
      {label}
      <input
        value={values.traits[index]?.[field] ?? ''}
        maxLength={maxLength}
        onChange={(event) => set(index, field, event.target.value)}
        className={FIELD_INPUT}
      />
    </label>
  );
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-traits-hint${problem ? ` ${id}-traits-problem` : ''}`}>
      <legend className="font-semibold">{m.traits}</legend>
      <p id={`${id}-traits-hint`} className="text-sm text-ink-muted">
        {m.traitsHint}
      </p>
      {values.traits.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2" data-trait-row>
          {cell(index, 'type', m.traitType, 50)}
          {cell(index, 'value', m.traitValue, 100)}
          <button
            type="button"
            className="btn-ghost px-3"
            aria-label={`${m.removeTrait} ${index + 1}`}
            onClick={() => onChange({ ...values, traits: values.traits.filter((_, at) => at !== index) })}
          >
            ✕
          </button>
        </div>
      ))}
      {values.traits.length < MAX_TRAITS && (
        <button
          type="button"
          className="btn-ghost justify-self-start"
          onClick={() => onChange({ ...values, traits: [...values.traits, { type: '', value: '' }] })}
        >
          {m.addTrait}
        </button>
      )}
      {problem && (
        <p id={`${id}-traits-problem`} className="text-sm text-active-muted">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

/** A preview of the chosen card image (3:4, as the tiles show it). */
export function ImagePreview({ file, label }: { file: File | null; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  if (!url) return null;
  return (
    <figure className="grid gap-1" data-image-preview>
      <img src={url} alt={label} className="aspect-[3/4] w-40 rounded-lg border border-surface-border object-cover" />
      <figcaption className="text-xs text-ink-muted">{label}</figcaption>
    </figure>
  );
}
