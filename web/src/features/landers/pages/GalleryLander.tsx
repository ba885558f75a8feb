import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared/ui/icons';
import { usePageTitle } from '../../../shared/title';
import { FictionalNote, FinalCta, TrustChips, useLanderValues } from '../LanderParts';
import { LanderStatus } from '../LanderStatus';
import { MemberTile } from '../MemberTile';
import { SignupCta } from '../SignupCta';
import { useLander } from '../useLander';

/** /landers/gallery: a clean grid of the newest members, with a sticky call to action on phones. */
export function GalleryLander() {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  const { members, status, retry, signup } = useLander('gallery', { memberCount: 24 });
  usePageTitle(t('gallery.title'));

  return (
    <div className="lander lander--gallery" data-testid="lander-gallery">
      <section className="gallery-hero" aria-labelledby="gallery-title">
        <div className="container gallery-hero__inner">
          <div className="gallery-hero__text">
            <h1 id="gallery-title" className="gallery-hero__title">
              {t('gallery.title')}
            </h1>
            <p className="gallery-hero__lead">{t('gallery.lead', values)}</p>
            <TrustChips />
          </div>
          <SignupCta onClick={signup} className="lander-cta--lg gallery-hero__cta">
            {t('common.signupFree')}
          </SignupCta>
        </div>
      </section>

      <section className="lander-section gallery-grid" aria-labelledby="gallery-grid-title">
        <div className="container">
          <h2 id="gallery-grid-title" className="gallery-grid__title">
            {t('gallery.gridTitle')}
          </h2>
          <LanderStatus status={status} count={members.length} retry={retry} signup={signup} headingLevel={3} />
          {status === 'ready' && members.length > 0 && (
            <>
              <ul className="gallery-grid__list">
                {members.map((member, index) => (
                  <li key={member.id} className="gallery-card">
                    <MemberTile member={member} size="md" eager={index < 4} />
                    <button
                      type="button"
                      className="btn gallery-card__message"
                      onClick={signup}
                      // The visible words first, then whom it is for (label in name).
                      aria-label={`${t('gallery.message')}: ${member.name}`}
                    >
                      <Icon name="chat" size={18} />
                      <span>{t('gallery.message')}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <FictionalNote members={members} />
            </>
          )}
        </div>
      </section>

      <FinalCta
        className="lander-final--gallery"
        title={t('gallery.bottomTitle')}
        text={t('gallery.bottomText')}
        cta={t('gallery.bottomCta')}
        onSignup={signup}
      />

      <div className="gallery-sticky" data-testid="gallery-sticky">
        <p className="gallery-sticky__text">{t('gallery.stickyText')}</p>
        <SignupCta onClick={signup} testId="lander-cta-sticky" icon={null} className="gallery-sticky__cta">
          {t('gallery.stickyCta')}
        </SignupCta>
      </div>
    </div>
  );
}
