import './legal.scss';
import { useState } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/PageHeader';
import { usePageTitle } from '../../shared/title';
import { LegalBody, linkify } from './LegalBody';
import { isFaqText } from './legalDocuments';
import { useLegalValues } from './legalValues';
import { SupportCard } from './SupportCard';
import { TableOfContents } from './TableOfContents';

const itemId = (id: string) => `faq-${id.replace(/[^\w-]/g, '-')}`;

/** Frequently asked questions as an accordion. */
export function FaqPage() {
  const { t } = useTranslation(['legal', 'common']);
  const values = useLegalValues();
  const text = t('faq', { ns: 'legal', returnObjects: true, ...values }) as unknown;
  const valid = isFaqText(text);
  const [open, setOpen] = useState<string | null>(null);
  usePageTitle(valid ? text.title : t('common:legal.unavailableTitle'));

  if (!valid) {
    return <PageHeader title={t('common:legal.unavailableTitle')} intro={t('common:legal.unavailable')} />;
  }

  const items = Object.entries(text.items);
  return (
    <article className="legal-page faq-page">
      <PageHeader title={text.title} intro={linkify(text.intro)} />
      <div className="container legal-page__container">
        <div className="row g-4 g-lg-5">
          <aside className="col-lg-4 col-xl-3 d-none d-lg-block">
            <TableOfContents
              items={items.map(([id, item]) => ({ id: itemId(id), label: item.q }))}
              onSelect={(id) => setOpen(id)}
            />
          </aside>
          <div className="col-lg-8 col-xl-9">
            <Accordion activeKey={open} onSelect={(key) => setOpen(typeof key === 'string' ? key : null)} className="faq">
              {items.map(([id, item]) => (
                <Accordion.Item key={id} eventKey={itemId(id)} id={itemId(id)} className="faq__item">
                  <Accordion.Header as="h2">{item.q}</Accordion.Header>
                  <Accordion.Body>
                    <LegalBody body={item.a} />
                  </Accordion.Body>
                </Accordion.Item>
              ))}
            </Accordion>
            <SupportCard className="d-lg-none mt-4" />
          </div>
        </div>
      </div>
    </article>
  );
}
