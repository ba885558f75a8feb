import './home.scss';
import { useSiteSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { Features, Help, Hero, HowItWorks, Trust } from './HomeSections';

/** The landing page for visitors. */
export function IndexPage() {
  const settings = useSiteSettings();
  usePageTitle(settings.index_title, { home: true });
  return (
    <div className="home">
      <Hero />
      <HowItWorks />
      <Features />
      <Trust />
      <Help />
    </div>
  );
}
