import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '~/client/api';
import { api } from '~/client/siteApi';
import { flashNextPage } from '~/ui/snackbar/flash';
import { showSnackbar } from '~/ui/snackbar/store';
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
  const id = useId();
  const [name, setName] = useState(initial.name ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [iconProblem, setIconProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const nameChanged = name.trim() !== (initial.name ?? '');
    const problem = nameChanged ? profileNameProblem(name) : null;
    setNameProblem(problem ? messages.nameProblems[problem] : null);
    if (problem || iconProblem) return;
    if (!nameChanged && !file) {
      showSnackbar(messages.nothingToSave, { timeout: 3000 });
      return;
    }
    setSaving(true);
    try {
      if (nameChanged) await api.put('/api/v1/profile', { name: name.trim() });
      if (file) {
        const body = new FormData();
        body.append('icon', file);
        await api.post('/api/v1/profile/icon', body);
      }
      flashNextPage('profile.edit.saved');
      window.location.reload();
    } catch (error) {
      const text = error instanceof ApiError ? error.message : messages.failure;
      setFailure(text);
      showSnackbar(text, { color: 'alert', timeout: 3000 });
      setSaving(false);
    }
  }

  const shown = preview ?? initial.icon ?? defaultAvatar;
  return (
    <form
      method="post"
      encType="multipart/form-data"
      className="grid gap-6"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={saving}
    >
      <div className="grid gap-1">
        <label htmlFor={`${id}-name`} className="font-semibold">
          {messages.name}
        </label>
        <input
          id={`${id}-name`}
          name="name"
          value={name}
          maxLength={MAX_PROFILE_NAME_LENGTH * 2}
          autoComplete="nickname"
          onChange={(event) => setName(event.target.value)}
          aria-invalid={nameProblem ? true : undefined}
          aria-describedby={`${id}-name-hint${nameProblem ? ` ${id}-name-problem` : ''}`}
          className="w-full max-w-md rounded-md border border-surface-border bg-surface-sunken px-3 py-2 aria-[invalid=true]:border-alert"
        />
        <p id={`${id}-name-hint`} className="text-sm text-ink-muted">
          {messages.nameHint}
        </p>
        {nameProblem && (
          <p id={`${id}-name-problem`} className="text-sm text-active-muted">
            {nameProblem}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <label htmlFor={`${id}-icon`} className="font-semibold">
          {messages.icon}
        </label>
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
            id={`${id}-icon`}
            name="icon"
            type="file"
            accept={ICON_TYPES.join(',')}
            onChange={chooseFile}
            aria-invalid={iconProblem ? true : undefined}
            aria-describedby={`${id}-icon-hint${iconProblem ? ` ${id}-icon-problem` : ''}`}
            className="text-sm file:mr-3 file:rounded-button file:border file:border-surface-border file:bg-surface-raised file:px-4 file:py-2 file:text-ink"
          />
        </div>
        <p id={`${id}-icon-hint`} className="text-sm text-ink-muted">
          {messages.iconHint}
        </p>
        {iconProblem && (
          <p id={`${id}-icon-problem`} role="alert" className="text-sm text-active-muted">
            {iconProblem}
          </p>
        )}
      </div>
      {failure && (
        <p role="alert" className="rounded-md border border-alert px-4 py-3">
          {failure}
        </p>
      )}
      <div>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? messages.saving : messages.submit}
        </button>
      </div>
    </form>
  );
}
