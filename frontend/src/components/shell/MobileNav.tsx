import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { Menu } from 'lucide-react';

const loadSheet = () => import('./MobileNavSheet');
const MobileNavSheet = lazy(loadSheet);

/**
 * The navigation below the md breakpoint: a hamburger opening a side sheet from the right. The
 * sheet's code (Radix Dialog) loads when the visitor reaches for the button, not with the page.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const href = useRouterState({ select: (state) => state.location.href });

  // Close whenever the location changes (link clicks, back/forward, redirects).
  useEffect(() => {
    setOpen(false);
  }, [href]);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className="inline-flex size-10 items-center justify-center rounded-lg border border-line bg-surface-raised text-ink transition-colors hover:border-line-strong md:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <MobileNavSheet open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
