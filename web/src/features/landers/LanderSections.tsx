/** Section markup several lander designs repeat: the hero beside a picture, a titled section, a list of points with icons. */
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../shared/ui/icons';

/**
 * A hero of text beside a picture (two columns from lg): eyebrow, title, lead, the call to
 * action and what follows it. Its classes are the design's own, `<block>-hero…`, so each
 * design keeps its look.
 */
export function LanderHero({
  block,
  eyebrowIcon,
  eyebrow,
  title,
  lead,
  textColumn,
  pictureColumn,
  picture,
  children,
}: {
  block: string;
  eyebrowIcon: IconName;
  eyebrow: string;
  title: string;
  lead: string;
  textColumn: string;
  pictureColumn: string;
  picture: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={`${block}-hero`} aria-labelledby={`${block}-title`}>
      <div className="container">
        <div className="row align-items-center g-4 g-lg-5">
          <div className={textColumn}>
            <p className={`lander-eyebrow ${block}-hero__eyebrow`}>
              <Icon name={eyebrowIcon} size={16} /> {eyebrow}
            </p>
            <h1 id={`${block}-title`} className={`${block}-hero__title`}>
              {title}
            </h1>
            <p className={`${block}-hero__lead`}>{lead}</p>
            {children}
          </div>
          <div className={pictureColumn}>{picture}</div>
        </div>
      </div>
    </section>
  );
}

/** A section of its own with its title over what it holds. */
export function LanderSection({
  className,
  titleId,
  title,
  titleClassName = 'lander-section__title text-center',
  children,
}: {
  className: string;
  titleId: string;
  title: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <div className="container">
        <h2 id={titleId} className={titleClassName}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export interface IconPoint {
  key: string;
  icon: IconName;
  title: string;
  text: string;
  /** Drawn over the icon (a step's number). */
  mark?: ReactNode;
  iconClassName?: string;
  testId?: string;
}

/** Points with an icon, a title and a text; the classes are `<item>`, `<item>__icon`, `<item>__title`, `<item>__text`. */
export function IconPoints({
  points,
  listClassName,
  item,
  iconSize,
  ordered = false,
}: {
  points: readonly IconPoint[];
  listClassName: string;
  item: string;
  iconSize: number;
  ordered?: boolean;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={listClassName}>
      {points.map((point) => (
        <li key={point.key} className={item} data-testid={point.testId}>
          <span className={`${item}__icon ${point.iconClassName ?? ''}`.trim()} aria-hidden="true">
            <Icon name={point.icon} size={iconSize} />
            {point.mark}
          </span>
          <h3 className={`${item}__title`}>{point.title}</h3>
          <p className={`${item}__text`}>{point.text}</p>
        </li>
      ))}
    </List>
  );
}
