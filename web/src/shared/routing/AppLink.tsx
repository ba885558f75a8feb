import { Link, type LinkProps } from 'react-router';
import { pathTo, routeExists } from './paths';

export interface AppLinkProps extends Omit<LinkProps, 'to'> {
  /** A route name of the registry (web/src/app/routes.tsx). */
  to: string;
  params?: Record<string, string | number>;
  /** Appended to the path, e.g. '#contact' or '?tab=2'. */
  suffix?: string;
}

/** A link to a named screen; renders nothing while that screen does not exist. */
export function AppLink({ to, params, suffix = '', ...props }: AppLinkProps) {
  if (!routeExists(to)) return null;
  return <Link to={pathTo(to, params) + suffix} {...props} />;
}
