/**
 * /landers/video/{slug?}: a hero with the project's own intro video (muted, looping,
 * inline, poster first, a pause button), the headline and the call to action; real
 * members of the site below.
 */
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/title';
import { FictionalNote, FinalCta, TrustChips, useLanderValues } from '../LanderParts';
import { LanderStatus } from '../LanderStatus';
import { SignupCta } from '../SignupCta';
import { useLander } from '../useLander';
import { IntroVideo, MemberPicks, MotionToggle, useMotion } from './mediaParts';

export const VIDEO_MEMBERS = 8;

export function VideoLander() {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  const lander = useLander('video', { memberCount: VIDEO_MEMBERS });
  const motion = useMotion();
  usePageTitle(t('video.title', values));

  return (
    <div className="lander lander-video" data-testid="lander-video">
      <section className="lander-video__hero">
        <div className="container">
          <div className="lander-video__grid">
            <div className="lander-video__text">
              <p className="lander-eyebrow lander-video__eyebrow">{t('video.eyebrow', values)}</p>
              <h1 className="lander-video__title">{t('video.title', values)}</h1>
              <p className="lander-video__lead">{t('video.lead', values)}</p>
              <SignupCta onClick={lander.signup} className="lander-cta--lg">
                {t('video.cta', values)}
              </SignupCta>
              <TrustChips className="lander-chips--dark" />
            </div>
            <div className="lander-video__frame">
              <IntroVideo playing={motion.playing} />
              <MotionToggle motion={motion} className="lander-video__toggle" />
            </div>
          </div>
        </div>
      </section>

      <section className="lander-section lander-video__members" aria-labelledby="lander-video-members">
        <div className="container">
          <h2 id="lander-video-members" className="lander-section__title mb-2">
            {t('video.membersTitle', values)}
          </h2>
          <p className="lander-video__intro">{t('video.membersLead', values)}</p>
          <LanderStatus status={lander.status} count={lander.members.length} retry={lander.retry} signup={lander.signup} headingLevel={3} />
          {lander.status === 'ready' && lander.members.length > 0 && (
            <>
              <MemberPicks members={lander.members} onPick={lander.signup} />
              <FictionalNote members={lander.members} />
            </>
          )}
        </div>
      </section>

      <FinalCta title={t('video.bottomTitle', values)} text={t('video.bottomText', values)} cta={t('video.bottomCta', values)} onSignup={lander.signup} />
    </div>
  );
}
