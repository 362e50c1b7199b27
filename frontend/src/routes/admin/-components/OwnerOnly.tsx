import type { ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { adminViewerQuery } from '../../../queries/admin';

/**
 * A control only an owner may use (the server refuses support with admin.owner_only): support sees
 * why instead. The page's loader fetches the viewer, so this never suspends on the server.
 */
export function OwnerOnly({ children, instead }: { children: ReactNode; instead: string }) {
  const { data: viewer } = useSuspenseQuery(adminViewerQuery());
  if (viewer?.role === 'owner') return <>{children}</>;
  return <span className="text-xs text-ink-subtle">{instead}</span>;
}
