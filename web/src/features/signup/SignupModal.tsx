import '../../shared/ui/account.scss';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LogoMark } from '../../shared/ui/LogoMark';
import { useSiteSettings } from '../../shared/site';
import { pathAfterSignup } from './afterSignup';
import { useSignup } from '../../shared/signup/signupStore';
import { SignupWizard } from './SignupWizard';

/** The signup as a modal in the layout's signup slot (desktop). */
export function SignupModal() {
  const { t } = useTranslation('account');
  const settings = useSiteSettings();
  const navigate = useNavigate();
  const open = useSignup((s) => s.open);
  const close = useSignup((s) => s.closeSignup);
  return (
    <Modal show={open} onHide={close} centered className="signup-modal" aria-labelledby="signup-modal-title">
      <Modal.Header closeButton closeLabel={t('signup.close')} className="border-0 pb-0">
        <div className="signup-modal__brand">
          <LogoMark size={32} />
          <div>
            <Modal.Title as="h2" id="signup-modal-title" className="signup-modal__title">
              {t('signup.title')}
            </Modal.Title>
            <p className="signup-modal__intro">{t('signup.intro', { sitename: settings.name, minAge: settings.min_age })}</p>
          </div>
        </div>
      </Modal.Header>
      <Modal.Body className="px-4 pb-4 pt-3">
        <SignupWizard
          headingLevel={3}
          onLeave={close}
          onDone={async () => {
            const next = await pathAfterSignup();
            close();
            await navigate(next.path, { state: next.state });
          }}
        />
      </Modal.Body>
    </Modal>
  );
}
