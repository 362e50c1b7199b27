import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { parseFrontMatter, renderMarkdown } from '../src/lib/markdown';

/**
 * Markdown rendered at build time, so the browser never downloads the parser or the sources:
 * `import page from './x.md?page'` gives `{ data, html, headings, text }`;
 * `import meta from './x.md?meta'` gives `{ data }` (the front matter) alone;
 * `import search from './x.md?search'` gives `{ headings, text }`, for a search index.
 */
export function markdownPages(): Plugin {
  return {
    name: 'markdown-pages',
    enforce: 'pre',
    async load(id) {
      const match = /^(.*\.md)\?(page|meta|search)$/.exec(id);
      if (!match) return null;
      const [, file, kind] = match as unknown as [string, string, 'page' | 'meta' | 'search'];
      this.addWatchFile(file);
      const { data, body } = parseFrontMatter(await readFile(file, 'utf8'));
      if (kind === 'meta') return `export default ${JSON.stringify({ data })};`;
      const { html, headings, text } = renderMarkdown(body);
      return `export default ${JSON.stringify(kind === 'search' ? { headings, text } : { data, html, headings, text })};`;
    },
  };
}
