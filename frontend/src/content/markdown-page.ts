import type { RenderedMarkdown } from '../lib/markdown';

/** What a `*.md?page` import holds (see frontend/build/markdown-pages.ts). */
export interface MarkdownPage extends RenderedMarkdown {
  data: Record<string, string>;
}
