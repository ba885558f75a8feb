import './account.scss';
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

/** The in-page table of contents beside a page of sections (settings, profile), on desktop. */
export function SectionNav({ label, sections }: { label: string; sections: [string, IconName, string][] }) {
  return (
    <aside className="col-lg-3 d-none d-lg-block">
      <nav className="settings-nav" aria-label={label}>
        {sections.map(([id, icon, title]) => (
          <a key={id} href={`#${id}`} className="settings-nav__link">
            <Icon name={icon} size={18} />
            {title}
          </a>
        ))}
      </nav>
    </aside>
  );
}

/** A white card with an icon, a title and an intro: the sections of settings and profile. */
export function Section({
  id,
  icon,
  title,
  intro,
  children,
  tone,
}: {
  id: string;
  icon: IconName;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'danger';
}) {
  return (
    <section id={id} className={`settings-card${tone ? ` settings-card--${tone}` : ''}`} aria-labelledby={`${id}-title`}>
      <header className="settings-card__head">
        <span className="settings-card__icon" aria-hidden="true">
          <Icon name={icon} size={22} />
        </span>
        <div>
          <h2 id={`${id}-title`} className="settings-card__title">
            {title}
          </h2>
          {intro && <p className="settings-card__intro">{intro}</p>}
        </div>
      </header>
      <div className="settings-card__body">{children}</div>
    </section>
  );
}
