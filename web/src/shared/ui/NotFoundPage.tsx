import { useTranslation } from 'react-i18next';
import { ErrorView } from './ErrorPage';

/** An unmatched path: 'This page could not be found' with status 404. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorView status={404} message={t('errorPage.notFound')} />;
}
