import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { api } from '~/client/siteApi';
import { FIELD_INPUT, Field, TextField } from '~/ui/forms/Field';
import { FormAlert } from '~/ui/forms/FormAlert';
import { Submit } from '~/ui/forms/Submit';
import { useSend } from '~/ui/forms/useSend';
import { flashNextPage } from '~/ui/snackbar/flash';
import { LAYOUT_SNACKBAR_TIMEOUT, showSnackbar } from '~/ui/snackbar/store';
import {
  ICON_TYPES,
  type IconFileProblem,
  iconFileProblem,
  MAX_PROFILE_NAME_LENGTH,
  type ProfileNameProblem,
  profileNameProblem,
} from './profileRules';

/** Props of {@link ProfileEditForm}: the saved name and icon, and the strings. */
export interface ProfileEditFormProps {
  initial: { name: string | null; icon: string | null };
  defaultAvatar: string;
  messages: {
    name: string;
    nameHint: string;
    icon: string;
    iconHint: string;
    preview: string;
    submit: string;
    saving: string;
    nothingToSave: string;
    failure: string;
    nameProblems: Record<ProfileNameProblem, string>;
    iconProblems: Record<IconFileProblem, string>;
  };
}

/**
 * Edit Profile: the name and the icon (PNG, JPEG, WebP or GIF up to 2 MB, checked here first and shown
 * as a preview). Saving sends the name (`PUT /api/v1/profile`) and the icon (`POST
 * /api/v1/profile/icon`, multipart), then reloads the page with a message, so the header's account
 * button shows the new name and icon.
 * @see docs/product-spec.md §2 (/profiles/edit, Header), §3 (userProfile)
 */
export default function ProfileEditForm({ initial, defaultAvatar, messages }: ProfileEditFormProps) {
  const [name, setName] = useState(initial.name ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [iconProblem, setIconProblem] = useState<string | null>(null);
  const { sending: saving, failure, setFailure, send } = useSend(messages.failure);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFailure(null);
    if (!chosen) {
      setFile(null);
      setPreview(null);
      setIconProblem(null);
      return;
    }
    const problem = iconFileProblem(chosen);
    setIconProblem(problem ? messages.iconProblems[problem] : null);
    if (problem) {
      event.target.value = '';
      setFile(null);
      setPreview(null);
      return;
    }
    setFile(chosen);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const nameChanged = name.trim() !== (initial.name ?? '');
    const problem = nameChanged ? profileNameProblem(name) : null;
    setNameProblem(problem ? messages.nameProblems[problem] : null);
    if (problem || iconProblem) return;
    if (!nameChanged && !file) {
      showSnackbar(messages.nothingToSave, { timeout: LAYOUT_SNACKBAR_TIMEOUT });
      return;
    }
    const save = async () => {
      if (nameChanged) await api.put('/api/v1/profile', { name: name.trim() });
      if (file) {
        const body = new FormData();
        body.append('icon', file);
        await api.post('/api/v1/profile/icon', body);
      }
      flashNextPage('profile.edit.saved');
      window.location.reload();
    };
    void send(save, { keepBusy: true });
  }

  const shown = preview ?? initial.icon ?? defaultAvatar;
  return (
    <form
      method="post"
      encType="multipart/form-data"
      className="grid gap-6"
      noValidate
      onSubmit={submit}
      aria-busy={saving}
    >
      <TextField
        label={messages.name}
        hint={messages.nameHint}
        problem={nameProblem}
        name="name"
        value={name}
        maxLength={MAX_PROFILE_NAME_LENGTH * 2}
        autoComplete="nickname"
        onChange={setName}
        inputClassName={`${FIELD_INPUT} max-w-md`}
      />
      <Field label={messages.icon} hint={messages.iconHint} problem={iconProblem} alertProblem className="grid gap-2">
        {(control) => (
          <div className="flex flex-wrap items-center gap-4">
            <img
              src={shown}
              alt={messages.preview}
              width={96}
              height={96}
              className="h-24 w-24 rounded-full border border-surface-border object-cover"
              data-icon-preview={preview ? 'new' : 'current'}
            />
            <input
              {...control}
              name="icon"
              type="file"
              accept={ICON_TYPES.join(',')}
              onChange={chooseFile}
              className="text-sm file:mr-3 file:rounded-button file:border file:border-surface-border file:bg-surface-raised file:px-4 file:py-2 file:text-ink"
            />
          </div>
        )}
      </Field>
      <FormAlert text={failure} />
      <div>
        <Submit busy={saving} label={messages.submit} busyLabel={messages.saving} />
      </div>
    </form>
  );
}
