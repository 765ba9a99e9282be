import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { useHoverPrefetch } from '../../lib/use-hover-prefetch';
import { warmScreenFor } from '../../lib/screen-warming';

function useWarmScreen(to: string) {
  return useHoverPrefetch(() => warmScreenFor(to));
}

/** A link that starts loading its screen once the pointer has rested on it for 100 ms (spec section 9). */
export function PrefetchLink({ to, ...rest }: LinkProps & { to: string }) {
  return <Link to={to} {...useWarmScreen(to)} {...rest} />;
}

export function PrefetchNavLink({ to, ...rest }: NavLinkProps & { to: string }) {
  return <NavLink to={to} {...useWarmScreen(to)} {...rest} />;
}
