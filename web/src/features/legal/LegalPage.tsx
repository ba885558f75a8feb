import './legal.scss';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useCompany } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { accessibilityValues } from './accessibilityStatement';
import { AppealForm } from './AppealForm';
import { LegalBody, linkify } from './LegalBody';
import { type LegalDocument, isLegalText } from './legalDocuments';
import { type LegalValues, useLegalValues } from './legalValues';
import { SupportCard } from './SupportCard';
import { FoldedContents, TableOfContents } from './TableOfContents';

const sectionId = (id: string) => `section-${id.replace(/[^\w-]/g, '-')}`;

/** The line under the title: the terms' date, the accessibility statement's last review. */
function meta(document: LegalDocument, values: LegalValues | null, t: TFunction): string | undefined {
  if (document === 'terms' && values?.termsDate) return t('legal:updated', { termsDate: values.termsDate });
  if (document === 'accessibility' && values?.reviewedDate) return t('legal:accessibility.reviewed', { reviewedDate: values.reviewedDate });
  return undefined;
}

/** A legal or help page from the `legal` catalog, with its table of contents: a column on desktop, folded above the text on smaller screens. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation(['legal', 'common']);
  const company = useCompany((s) => s.company);
  const common = useLegalValues();
  const values = common && document === 'accessibility' ? { ...common, ...accessibilityValues(company, i18n.language, t) } : common;
  const text = t(document, { ns: 'legal', returnObjects: true, ...values }) as unknown;
  const valid = isLegalText(text);
  usePageTitle(valid ? text.title : t('common:legal.unavailableTitle'));

  if (!valid) {
    return (
      <>
        <PageHeader title={t('common:legal.unavailableTitle')} intro={t('common:legal.unavailable')} />
      </>
    );
  }

  const sections = Object.entries(text.sections);
  const contents = sections.map(([id, section]) => ({ id: sectionId(id), label: section.heading }));
  return (
    <article className="legal-page">
      <PageHeader
        title={text.title}
        intro={linkify(text.intro)}
        meta={meta(document, values, t)}
      />
      <div className="container legal-page__container">
        <div className="row g-4 g-lg-5">
          <aside className="col-lg-4 col-xl-3 d-none d-lg-block">
            <TableOfContents items={contents} />
          </aside>
          <div className="col-lg-8 col-xl-9">
            <FoldedContents items={contents} />
            <div className="legal-page__content">
              {sections.map(([id, section]) => (
                <section key={id} id={sectionId(id)} className="legal-section">
                  <h2 className="legal-section__heading">{section.heading}</h2>
                  <LegalBody body={section.body} />
                  {document === 'ban' && id === 'appeal' && <AppealForm />}
                </section>
              ))}
            </div>
            <SupportCard className="d-lg-none mt-4" />
          </div>
        </div>
      </div>
    </article>
  );
}
