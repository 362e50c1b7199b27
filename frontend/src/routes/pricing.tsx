import { createFileRoute, redirect } from '@tanstack/react-router';

/** /pricing is an old address: it moved, permanently, to the plugin page where the plans are. */
export const Route = createFileRoute('/pricing')({
  beforeLoad: () => {
    throw redirect({ to: '/obsidian-ai-plugin', statusCode: 301 });
  },
});
