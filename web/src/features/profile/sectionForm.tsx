import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableProfile } from '../../shared/api/types';
import { type Result, ResultAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { useErrorText, useForm } from '../../shared/ui/form';
import { useSettings } from '../site';
import { profileApi } from './profileApi';
import { type Draft, type ProfileField, type SectionName, changesOf, draftOf, sectionErrors } from './profileLogic';

export interface SectionProps {
  profile: EditableProfile;
  fields: ProfileField[];
  onSaved: (profile: EditableProfile) => void;
}

/** A field's element, for the focus after a refused save. */
const focusTarget = (field: string) => document.getElementById(field === 'about_me' ? 'profile-about-me' : `profile-${field}`);

/** Draft, errors and save of one section (PUT /api/profile with this section's fields). */
export function useSectionForm(section: SectionName, { profile, fields, onSaved }: SectionProps) {
  const { t } = useTranslation('profile');
  const { errorText } = useErrorText();
  const form = useForm<Draft, string>({ initial: () => draftOf(profile), order: fields, idPrefix: 'profile', focusTarget });
  const [result, setResult] = useState<Result>(null);

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    form.set(field, value);
    setResult(null);
  };

  const submit = form.submit({
    send: async (draft) => {
      setResult(null);
      const saved = await profileApi.update(changesOf(draft, fields));
      form.show({});
      form.setValues(draftOf(saved));
      onSaved(saved);
      setResult({ ok: true, text: t('saved') });
    },
    refused: (error) => {
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
  const resultAlert = <ResultAlert result={result} testId={`profile-result-${section}`} />;
  return { draft: form.values, set, submit, error: form.text, busy: form.busy, saveButton, resultAlert };
}

/** The site's note under a field (settings.visible_profile_notes). */
export function useNote() {
  const notes = useSettings((s) => s.settings?.visible_profile_notes);
  return (field: string) => notes?.[field] || undefined;
}
