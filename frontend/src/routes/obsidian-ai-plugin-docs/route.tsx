import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { BookOpen, ChevronDown } from 'lucide-react';
import { DocsSearchBox } from './-components/DocsSearchBox';
import { DocsSidebar } from './-components/DocsSidebar';

export const Route = createFileRoute('/obsidian-ai-plugin-docs')({
  component: DocsLayout,
});

function DocsLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-10 pb-20 sm:px-6 lg:px-8">
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <aside aria-label="Documentation sidebar" className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
          <p className="mb-4 flex items-center gap-2 text-sm font-semibold text-ink">
            <BookOpen aria-hidden="true" className="size-4 text-accent-300" />
            Documentation
          </p>
          <DocsSearchBox />
          <details key={pathname} className="group mt-4 rounded-lg border border-line lg:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between px-3 py-2.5 text-sm font-medium text-ink">
              Browse all pages
              <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
            </summary>
            <div className="border-t border-line p-2">
              <DocsSidebar label="Documentation pages" />
            </div>
          </details>
          <div className="mt-6 hidden lg:block">
            <DocsSidebar />
          </div>
        </aside>
        <div className="mt-8 min-w-0 lg:mt-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
