import { useTranslation } from 'react-i18next';
import { Section } from '../../shared/ui/sections';
import { PersonFields, PlaceFields } from './BasicsFields';
import { type SectionProps, useSectionForm } from './sectionForm';

/** Name, gender, sexuality, birth date and place. */
export function BasicsSection(props: SectionProps) {
  const { t } = useTranslation('profile');
  const form = useSectionForm('basics', props);
  return (
    <Section id="profile-basics" icon="user" title={t('basics.title')} intro={t('basics.intro')}>
      <form onSubmit={form.submit} noValidate className="settings-form" aria-label={t('basics.title')}>
        {form.resultAlert}
        <PersonFields props={props} form={form} />
        <PlaceFields props={props} form={form} />
        {form.saveButton}
      </form>
    </Section>
  );
}
