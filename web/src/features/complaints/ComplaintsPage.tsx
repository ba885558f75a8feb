import '../../shared/ui/account.scss';
import './complaints.scss';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Icon, type IconName } from '../../shared/ui/icons';
import { useSession } from '../../shared/session';
import { usePageTitle } from '../../shared/title';
import { ComplaintForm, type Filed } from './ComplaintForm';
import { URGENT_CATEGORIES } from './complaintsApi';

/** /complaints: report a member, a message or any problem; public. */
export function ComplaintsPage() {
  const { t } = useTranslation('complaints');
  usePageTitle(t('title'));
  const [filed, setFiled] = useState<Filed | null>(null);
  const [round, setRound] = useState(0);
  return (
    <div className="complaints-page" data-testid="complaints-page">
      <PageHeader title={t('title')} intro={t('intro')} />
      <div className="container complaints-page__body">
        {filed ? (
          <Confirmation
            filed={filed}
            onAnother={() => {
              setFiled(null);
              setRound((n) => n + 1);
            }}
          />
        ) : (
          <div className="complaints-layout">
            <ComplaintForm key={round} onFiled={setFiled} />
            <Facts />
          </div>
        )}
      </div>
    </div>
  );
}

/** Beside the form: how complaints are handled. */
function Facts() {
  const { t } = useTranslation('complaints');
  const facts: [IconName, string][] = [
    ['clock', t('facts.answer')],
    ['warning', t('facts.urgent')],
    ['shield', t('facts.block')],
    ['phone', t('facts.emergency')],
  ];
  return (
    <aside className="complaint-facts" aria-labelledby="complaint-facts-title">
      <h2 id="complaint-facts-title" className="complaint-facts__title">
        {t('facts.title')}
      </h2>
      <ul className="complaint-facts__list">
        {facts.map(([icon, text]) => (
          <li key={icon}>
            <span className="complaint-facts__icon" aria-hidden="true">
              <Icon name={icon} size={18} />
            </span>
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** After sending: the complaint's number and what happens next. */
function Confirmation({ filed, onAnother }: { filed: Filed; onAnother: () => void }) {
  const { t } = useTranslation('complaints');
  const loggedIn = useSession((s) => s.user !== null);
  const heading = useRef<HTMLHeadingElement>(null);
  const urgent = URGENT_CATEGORIES.includes(filed.category);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="complaint-done" aria-labelledby="complaint-done-title" data-testid="complaint-done">
      <span className="complaint-done__icon" aria-hidden="true">
        <Icon name="check" size={34} />
      </span>
      <h2 id="complaint-done-title" ref={heading} tabIndex={-1} className="complaint-done__title">
        {t('done.title')}
      </h2>
      <p className="complaint-done__number">
        {t('done.number')}{' '}
        <strong data-testid="complaint-number">{t('done.numberValue', { id: filed.id })}</strong>
      </p>
      <p className="complaint-done__quote">{t('done.quote')}</p>
      <h3 className="complaint-done__next">{t('done.nextTitle')}</h3>
      <ol className="complaint-steps" data-testid="complaint-next">
        <li>{t('done.steps.read')}</li>
        <li>{t('done.steps.answer')}</li>
        <li className={urgent ? 'is-urgent' : undefined}>{urgent ? t('done.steps.urgentThis') : t('done.steps.urgent')}</li>
      </ol>
      <div className="complaint-done__actions">
        <AppLink to={loggedIn ? 'members' : 'index'} className="btn btn-primary btn-lg rounded-pill px-4" data-testid="complaint-done-home">
          {loggedIn ? t('done.members') : t('done.home')}
        </AppLink>
        <button type="button" className="btn btn-link" onClick={onAnother} data-testid="complaint-another">
          {t('done.another')}
        </button>
      </div>
    </section>
  );
}
