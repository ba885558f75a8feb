import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/title';
import type { LanderMember } from '../landerApi';
import { FictionalNote, FinalCta, TrustChips, useLanderValues } from '../LanderParts';
import { LanderStatus } from '../LanderStatus';
import { MemberTile } from '../MemberTile';
import { SignupCta } from '../SignupCta';
import { useLander } from '../useLander';

/** The rhythm of the collage: which tiles are big, tall or wide (repeats every 8). */
const SHAPES = ['big', 'plain', 'tall', 'plain', 'wide', 'plain', 'plain', 'tall'] as const;
const COLLAGE_SIZE = 20;

/** The collage tiles: the members, repeated when there are few, so the wall stays full. */
export function collageTiles(members: readonly LanderMember[], size = COLLAGE_SIZE): { member: LanderMember; key: string; shape: (typeof SHAPES)[number] }[] {
  if (members.length === 0) return [];
  return Array.from({ length: size }, (_, index) => {
    const member = members[index % members.length]!;
    return { member, key: `${member.id}-${index}`, shape: SHAPES[index % SHAPES.length]! };
  });
}

/** /landers/collagelanding: a wall of member photos behind a centred signup card. */
export function CollageLander() {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  const { members, status, retry, signup } = useLander('collagelanding', { memberCount: 20 });
  usePageTitle(t('collage.title'));
  const tiles = collageTiles(members);
  const recent = members.slice(0, 8);

  return (
    <div className="lander lander--collage" data-testid="lander-collagelanding">
      <section className="collage-hero" aria-labelledby="collage-title">
        <div className="collage-hero__wall" data-testid="collage-wall">
          {tiles.map(({ member, key, shape }, index) =>
            // A repeated member is decoration: only their first tile is announced.
            index < members.length ? (
              <MemberTile key={key} member={member} size={shape === 'big' ? 'lg' : 'md'} bare eager={index < 6} className={`collage-hero__tile collage-hero__tile--${shape}`} />
            ) : (
              <div key={key} className={`collage-hero__tile collage-hero__tile--${shape}`} aria-hidden="true">
                <MemberTile member={member} size="md" bare />
              </div>
            ),
          )}
          {tiles.length === 0 &&
            SHAPES.map((shape, index) => <div key={index} className={`collage-hero__tile collage-hero__tile--${shape} collage-hero__tile--blank`} aria-hidden="true" />)}
        </div>
        <div className="collage-hero__shade" aria-hidden="true" />
        <div className="container collage-hero__inner">
          <div className="collage-card">
            <p className="lander-eyebrow collage-card__eyebrow">{t('collage.eyebrow', values)}</p>
            <h1 id="collage-title" className="collage-card__title">
              {t('collage.title')}
            </h1>
            <p className="collage-card__lead">{t('collage.lead')}</p>
            <SignupCta onClick={signup} className="lander-cta--lg lander-cta--block">
              {t('collage.cta')}
            </SignupCta>
            <p className="collage-card__note">{t('collage.note', values)}</p>
          </div>
        </div>
      </section>

      <section className="lander-section collage-recent" aria-labelledby="collage-recent-title">
        <div className="container">
          <h2 id="collage-recent-title" className="lander-section__title">
            {t('collage.moreTitle')}
          </h2>
          <LanderStatus status={status} count={members.length} retry={retry} signup={signup} headingLevel={3} />
          {status === 'ready' && recent.length > 0 && (
            <>
              <ul className="collage-recent__list">
                {recent.map((member) => (
                  <li key={member.id}>
                    <MemberTile member={member} size="md" className="lander-tile--polaroid" />
                  </li>
                ))}
              </ul>
              <FictionalNote members={members} />
            </>
          )}
          <TrustChips className="justify-content-center mt-4" />
        </div>
      </section>

      <FinalCta
        className="lander-final--collage"
        title={t('collage.bottomTitle')}
        text={t('collage.bottomText')}
        cta={t('collage.bottomCta')}
        onSignup={signup}
      />
    </div>
  );
}
