import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { parseFrontMatter, renderMarkdown } from '../src/lib/markdown';

const QUERY = '?page';

/**
 * `import page from './x.md?page'` gives `{ data, html, headings, text }`, rendered at build time,
 * so the browser never downloads the Markdown parser or the Markdown sources.
 */
export function markdownPages(): Plugin {
  return {
    name: 'markdown-pages',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(`.md${QUERY}`)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      const { data, body } = parseFrontMatter(await readFile(file, 'utf8'));
      return `export default ${JSON.stringify({ data, ...renderMarkdown(body) })};`;
    },
  };
}
