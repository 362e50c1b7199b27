import { parseFrontMatter, renderMarkdown, slugify } from './markdown';

describe('parseFrontMatter', () => {
  it('reads flat keys and strips quotes', () => {
    const { data, body } = parseFrontMatter('---\ntitle: "Getting started"\norder: 1\n---\nHello');
    expect(data).toEqual({ title: 'Getting started', order: '1' });
    expect(body).toBe('Hello');
  });

  it('leaves a file without front matter alone', () => {
    expect(parseFrontMatter('# Hi')).toEqual({ data: {}, body: '# Hi' });
  });
});

describe('renderMarkdown', () => {
  it('gives h2 and h3 ids, unique on the page, and lists them', () => {
    const { html, headings } = renderMarkdown('## Install\n\ntext\n\n### Install\n\n## `Mod+K` search');
    expect(headings).toEqual([
      { id: 'install', text: 'Install', depth: 2 },
      { id: 'install-1', text: 'Install', depth: 3 },
      { id: 'modk-search', text: 'Mod+K search', depth: 2 },
    ]);
    expect(html).toContain('<h2 id="install">');
  });

  it('opens external links in a new tab, safely, and keeps site links as they are', () => {
    const { html } = renderMarkdown('[GitHub](https://github.com/x) and [pricing](/obsidian-ai-plugin)');
    expect(html).toContain('<a href="https://github.com/x" target="_blank" rel="noopener noreferrer">GitHub</a>');
    expect(html).toContain('<a href="/obsidian-ai-plugin">pricing</a>');
  });

  it('gives plain text for search', () => {
    expect(renderMarkdown('## Title\n\nSome **bold** `code` [link](/x).').text).toBe('Title Some bold code link.');
  });
});

describe('slugify', () => {
  it('keeps letters, digits and dashes', () => {
    expect(slugify('What changed in 6.0?')).toBe('what-changed-in-60');
  });
});
