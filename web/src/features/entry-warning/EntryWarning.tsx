import { type ReactNode, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutName } from '../../shared/routing/layout';
import { PlainModal } from '../../shared/ui/PlainModal';
import { AppLink } from '../../shared/routing/AppLink';
import { useIsLoggedIn } from '../../shared/session';
import { useSettings } from '../../shared/site';
import { isStandalone, readSkippedAt, shouldShowEntryWarning, storeSkippedAt } from './decision';

/** "… our <terms>terms and conditions</terms>." with a link: react-i18next's Trans would
 * bring its HTML parser into every first page for this one sentence. */
function withTermsLink(text: string, link: (label: string) => ReactNode) {
  const parts = /^([\s\S]*?)<terms>([\s\S]*?)<\/terms>([\s\S]*)$/.exec(text);
  if (!parts) return text;
  return (
    <>
      {parts[1]}
      {link(parts[2]!)}
      {parts[3]}
    </>
  );
}

/** Leaving goes back to where the visitor came from, or to an empty page. */
function leave() {
  if (history.length > 1) history.back();
  else location.href = 'about:blank';
}

/** The server draws this warning on a visitor's "/" before the app has loaded, as the
 * page's first paint (adapters/http/first_paint.py, the same markup): the app's takes over,
 * or none when the visitor entered there. */
export const SERVER_COPY_ID = 'boot-entry-warning';

export function EntryWarning({ layout }: { layout: LayoutName }) {
  const { t } = useTranslation();
  const settings = useSettings((s) => s.settings);
  const loggedIn = useIsLoggedIn();
  const [skippedAt, setSkippedAt] = useState(readSkippedAt);
  // Before the browser paints: the two never show at once. A visitor who entered on the
  // server's copy while this one was being rendered (the start-up gives way to input
  // between its tasks) is not asked again.
  useLayoutEffect(() => {
    document.getElementById(SERVER_COPY_ID)?.remove();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the server copy's script (first_paint.py) stores the entry outside React, maybe after this render read it; no change, no render
    setSkippedAt(readSkippedAt());
  }, []);
  const show = shouldShowEntryWarning({ settings, layout, loggedIn, standalone: isStandalone(), skippedAt });
  if (!show || !settings) return null;

  const enter = () => {
    const now = Date.now();
    storeSkippedAt(now);
    setSkippedAt(now);
  };

  return (
    <PlainModal onHide={enter} backdrop="static" className="entry-warning" aria-labelledby="entry-warning-title">
      <div className="modal-body p-4 p-sm-5 text-center">
        <div className="entry-warning__badge" aria-hidden="true">
          {settings.min_age}+
        </div>
        <h2 id="entry-warning-title" className="h3 mb-3">
          {t('entryWarning.title')}
        </h2>
        <p>{t('entryWarning.body', { minAge: settings.min_age, siteName: settings.name })}</p>
        {settings.fictional_plural && (
          <p className="text-body-secondary small">
            {t('entryWarning.fictional', {
              fictionalPlural: settings.fictional_plural,
              icon: settings.fictional_icon,
            })}
          </p>
        )}
        <p className="small">
          {withTermsLink(t('entryWarning.terms'), (label) => (
            <AppLink to="terms" onClick={enter}>
              {label}
            </AppLink>
          ))}
        </p>
        <div className="d-grid gap-1 mt-4">
          <button type="button" className="btn btn-primary btn-lg rounded-pill" onClick={enter}>
            {t('entryWarning.enter', { minAge: settings.min_age })}
          </button>
          <button type="button" className="btn btn-link btn-lg text-body-secondary" onClick={leave}>
            {t('entryWarning.leave')}
          </button>
        </div>
      </div>
    </PlainModal>
  );
}
