import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './Button';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children' | 'className'>;

/**
 * A route of the app, followed without a page load (and marked active by the router). `to` is typed
 * loosely so pages that are still being built can be linked before their route exists.
 */
interface ToRoute {
  to: string;
  search?: Record<string, string | number>;
  params?: Record<string, string>;
  href?: never;
}

/** A page the server answers by itself (a checkout, a library item) or another site: a full page load. */
interface ToAddress {
  href: string;
  to?: never;
  search?: never;
  params?: never;
}

/** The site's call to action: a link that looks like a button, to a route or to an address. */
export function CallToAction(props: Look & AnchorProps & (ToRoute | ToAddress)) {
  if (props.href !== undefined) {
    const { variant, size, className, children, href, ...anchor } = props;
    return (
      <a href={href} {...anchor} className={buttonClasses({ variant, size, className })}>
        {children}
      </a>
    );
  }
  const { variant, size, className, children, to, search, params, ...anchor } = props;
  return (
    <Link to={to as '/'} search={search as never} params={params as never} className={buttonClasses({ variant, size, className })} {...anchor}>
      {children}
    </Link>
  );
}
