import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableProfile } from '../../shared/api/types';
import { type FlaggedProfileText, flaggedProfileTexts } from '../../shared/shield';
import { type Result, ResultAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { useErrorText, useForm } from '../../shared/ui/form';
import { useSettings } from '../../shared/site';
import { profileApi } from './profileApi';
import { type Draft, type ProfileField, type SectionName, changesOf, draftOf, sectionErrors } from './profileLogic';
import { ProfileTextNudge } from './ProfileTextNudge';

export interface SectionProps {
  profile: EditableProfile;
  fields: ProfileField[];
  onSaved: (profile: EditableProfile) => void;
}

/** A field's element, for the focus after a refused save. */
const focusTarget = (field: string) => document.getElementById(field === 'about_me' ? 'profile-about-me' : `profile-${field}`);

/** A flagged text's field in the form. */
const fieldOfFlagged = (text: FlaggedProfileText): ProfileField => (text.field === 'about' ? 'about_me' : 'name');

/**
 * Draft, errors and save of one section (PUT /api/profile with this section's fields). A
 * name or about text the scam shield flags is not saved: the nudge shows what was found;
 * Edit goes back to the field, Save anyway sends the same changes confirmed.
 */
export function useSectionForm(section: SectionName, { profile, fields, onSaved }: SectionProps) {
  const { t } = useTranslation('profile');
  const { errorText } = useErrorText();
  const form = useForm<Draft, string>({ initial: () => draftOf(profile), order: fields, idPrefix: 'profile', focusTarget });
  const [result, setResult] = useState<Result>(null);
  const [nudge, setNudge] = useState<FlaggedProfileText[] | null>(null);
  // The field the focus goes back to once the nudge has closed (either way).
  const [after, setAfter] = useState<ProfileField | null>(null);

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    form.set(field, value);
    setResult(null);
  };

  const save = async (draft: Draft, confirmed: boolean) => {
    setResult(null);
    const saved = await profileApi.update({ ...changesOf(draft, fields), ...(confirmed ? { confirmed } : {}) });
    form.show({});
    form.setValues(draftOf(saved));
    onSaved(saved);
    setResult({ ok: true, text: t('saved') });
  };

  const submit = form.submit({
    send: (draft) => save(draft, false),
    refused: (error) => {
      const flagged = flaggedProfileTexts(error);
      if (flagged) {
        setNudge(flagged);
        return 'handled';
      }
      const found = sectionErrors(error, fields);
      form.show(found.fields);
      if (found.general) setResult({ ok: false, text: errorText(found.general) });
      return 'handled';
    },
  });

  const saveButton = (
    <div className="settings-form__actions">
      <SubmitButton busy={form.busy} className="btn btn-primary rounded-pill px-4" testId={`profile-save-${section}`}>
        {t('save')}
      </SubmitButton>
    </div>
  );
  const edit = () => {
    if (nudge) setAfter(fieldOfFlagged(nudge[0]));
    setNudge(null);
  };
  const saveAnyway = () => {
    if (nudge) setAfter(fieldOfFlagged(nudge[0]));
    setNudge(null);
    void form.run(async () => {
      try {
        await save(form.values, true);
      } catch (error) {
        const found = sectionErrors(error, fields);
        form.show(found.fields);
        if (found.general) setResult({ ok: false, text: errorText(found.general) });
      }
    });
  };
  const closed = () => {
    if (after) focusTarget(after)?.focus();
    setAfter(null);
  };
  const resultAlert = (
    <>
      <ResultAlert result={result} testId={`profile-result-${section}`} />
      <ProfileTextNudge texts={nudge} onEdit={edit} onSaveAnyway={saveAnyway} onClosed={closed} />
    </>
  );
  return { draft: form.values, set, submit, error: form.text, busy: form.busy, saveButton, resultAlert };
}

/** The site's note under a field (settings.visible_profile_notes). */
export function useNote() {
  const notes = useSettings((s) => s.settings?.visible_profile_notes);
  return (field: string) => notes?.[field] || undefined;
}
