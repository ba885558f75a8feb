import './passkeys.scss';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/errors';
import type { User } from '../../shared/api/types';
import { pathTo } from '../../shared/routing/paths';
import { FormAlert } from '../../shared/ui/alerts';
import { BusySpinner } from '../../shared/ui/buttons';
import { useBusy, useErrorText } from '../../shared/ui/form';
import { Icon } from '../../shared/ui/icons';
import { assertPasskey, offerInAutofill, passkeysSupported, withdrawAutofill } from './ceremonies';
import { passkeysApi } from './passkeysApi';

/**
 * The login page's "Sign in with a passkey": no e-mail address typed, the browser offers the
 * site's passkeys on this device (also among the e-mail field's suggestions, where the
 * browser can: that field's autocomplete says "webauthn"). Not shown where the browser has
 * no passkeys at all.
 */
export function PasskeyLogin({ onLoggedIn }: { onLoggedIn: (user: User) => void }) {
  const { t } = useTranslation('account');
  const { errorText } = useErrorText();
  const navigate = useNavigate();
  const { busy, run } = useBusy();
  const [error, setError] = useState<string | null>(null);
  const [supported] = useState(passkeysSupported);

  const refused = (caught: unknown) => {
    if (caught instanceof ApiError && caught.code === 'account_banned') {
      navigate(pathTo('ban'));
      return;
    }
    setError(errorText(caught));
  };

  useEffect(() => {
    if (!supported) return;
    let left = false;
    offerInAutofill(passkeysApi.loginOptions)
      .then(async (credential) => {
        if (credential && !left) onLoggedIn(await passkeysApi.logIn(credential));
      })
      .catch((caught: unknown) => {
        // The offer is a convenience: a page that cannot make it (rate limit, no network)
        // still has the button and the password.
        if (!left && caught instanceof ApiError && caught.status !== 0 && caught.status !== 429) refused(caught);
      });
    return () => {
      left = true;
      withdrawAutofill();
    };
    // Once per visit of the page: the offer holds its own challenge.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [supported]);

  if (!supported) return null;

  const signIn = () =>
    void run(async () => {
      setError(null);
      try {
        const options = await passkeysApi.loginOptions();
        onLoggedIn(await passkeysApi.logIn(await assertPasskey(options)));
      } catch (caught) {
        refused(caught);
      }
    });

  return (
    <div className="passkey-login">
      <div className="passkey-login__or" aria-hidden="true">
        <span>{t('passkeys.login.or')}</span>
      </div>
      {error && <FormAlert testId="passkey-login-error">{error}</FormAlert>}
      <button
        type="button"
        className="btn btn-outline-primary btn-lg rounded-pill w-100"
        onClick={signIn}
        disabled={busy}
        aria-busy={busy}
        data-testid="passkey-login"
      >
        {busy ? <BusySpinner /> : <Icon name="key" size={20} className="me-2" />}
        {t('passkeys.login.button')}
      </button>
      <p className="form-text text-center mt-2 mb-0">{t('passkeys.login.hint')}</p>
    </div>
  );
}
