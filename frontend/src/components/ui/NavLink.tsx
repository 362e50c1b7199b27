import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

/**
 * TanStack `<Link>` with a loosely typed `to`, for pages whose routes may not exist yet. Active
 * links get `aria-current="page"` and `data-status="active"` from the router, so style them with
 * `aria-[current=page]:` variants. "/" only counts as active on the home page itself.
 */
export function NavLink({ href, className, children, onClick }: { href: string; className?: string; children: ReactNode; onClick?: () => void }) {
  return (
    <Link to={href as '/'} activeOptions={{ exact: href === '/', includeSearch: false }} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
