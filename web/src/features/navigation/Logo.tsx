import { Link } from 'react-router';
import { pathTo } from '../../shared/routing/paths';
import { LogoMark } from '../../shared/ui/LogoMark';
import { useSettings } from '../../shared/site';

/** The site's logo: the mark and the site's name, linking home. */
export function Logo() {
  const name = useSettings((s) => s.settings?.name ?? '');
  return (
    <Link to={pathTo('index')} className="logo" aria-label={name}>
      <LogoMark />
      <span className="logo__name">{name}</span>
    </Link>
  );
}
