import { ArrowLeft, ArrowRight, House } from 'lucide-react';
import { QUICK_LINKS } from '../shell/nav-links';
import { Button } from '../ui/Button';
import { CallToAction } from '../ui/CallToAction';
import { HeroBackdrop } from '../ui/HeroBackdrop';
import { NavLink } from '../ui/NavLink';

/** Shown for any path no route matches. */
export function NotFoundScreen() {
  return (
    <section aria-labelledby="not-found-title" className="relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="mx-auto flex max-w-2xl flex-col items-center px-4 pt-20 pb-8 text-center sm:px-6 sm:pt-28">
        <p className="text-gradient text-[7rem] leading-none font-bold tracking-tighter tabular-nums sm:text-[10rem]">404</p>
        <h1 id="not-found-title" className="mt-4 text-3xl font-semibold text-ink sm:text-4xl">
          Page Not Found
        </h1>
        <p className="mt-4 max-w-md text-base leading-relaxed text-ink-muted sm:text-lg">
          The page you're looking for doesn't exist or has been moved. Let's get you back on track.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button variant="secondary" size="lg" onClick={() => window.history.back()}>
            <ArrowLeft aria-hidden="true" />
            Go Back
          </Button>
          <CallToAction to="/" size="lg">
            <House aria-hidden="true" />
            Back to Home
          </CallToAction>
        </div>

        <div className="mt-16 w-full rounded-2xl border border-line bg-surface-raised/70 p-6 text-left shadow-panel sm:p-8">
          <h2 className="text-sm font-semibold text-ink">Looking for something specific?</h2>
          <ul className="mt-4 grid gap-2 sm:grid-cols-3">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <NavLink
                  href={link.href}
                  className="group flex items-center justify-between gap-3 rounded-lg border border-line bg-surface px-4 py-3 text-sm font-medium text-ink-muted transition-colors hover:border-accent-400/50 hover:text-ink"
                >
                  {link.label}
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 text-ink-subtle transition-transform group-hover:translate-x-0.5 group-hover:text-accent-300"
                  />
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
