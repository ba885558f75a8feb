/**
 * /my-data?token=…: the mailed link to a large copy of one's data (issue 21.1). The link
 * works once, so nothing is fetched until the member presses the button; a used, expired
 * or unknown link says so in the member's language instead of the API's raw answer.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/errors';
import { AppLink } from '../../shared/routing/AppLink';
import { type Result, ResultAlert } from '../../shared/ui/alerts';
import { AuthCard } from '../../shared/ui/AuthCard';
import { SubmitButton } from '../../shared/ui/buttons';
import { useBusy, useErrorText } from '../../shared/ui/form';
import { usePageTitle } from '../../shared/title';
import { privacyApi, saveFile } from './privacyApi';

export function MyDataPage() {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const { busy, run } = useBusy();
  const [result, setResult] = useState<Result>(null);
  // Downloaded, or a link that can no longer download: the button goes.
  const [spent, setSpent] = useState(!token);
  usePageTitle(t('myData.title'));

  const download = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    void run(async () => {
      setResult(null);
      try {
        const copy = await privacyApi.downloadMailed(token);
        saveFile(copy.blob, copy.filename);
        setResult({ ok: true, text: t('settings.export.downloaded') });
        setSpent(true);
      } catch (error) {
        setResult({ ok: false, text: errorText(error) });
        if (error instanceof ApiError && error.code === 'export_link_invalid') setSpent(true);
      }
    });
  };

  const shown: Result = !token ? { ok: false, text: errorText(new ApiError(404, 'export_link_invalid')) } : result;
  return (
    // "Your copy is ready" only while the link can still download.
    <AuthCard icon="lock" title={t('myData.title')} intro={spent ? undefined : t('myData.intro')}>
      <div className="d-grid gap-3">
        <ResultAlert result={shown} testId="my-data-result" />
        {!spent && (
          <form onSubmit={download} noValidate className="d-grid" aria-label={t('settings.export.start')}>
            <SubmitButton busy={busy} testId="my-data-download">
              {t('settings.export.start')}
            </SubmitButton>
          </form>
        )}
        {spent && !shown?.ok && (
          <AppLink to="settings" className="btn btn-outline-primary rounded-pill">
            {t('myData.requestNew')}
          </AppLink>
        )}
      </div>
    </AuthCard>
  );
}
