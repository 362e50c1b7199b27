/// <reference types="vite/client" />

/** Markdown rendered at build time (frontend/build/markdown-pages.mts). */
declare module '*.md?page' {
  const page: import('./content/markdown-page').MarkdownPage;
  export default page;
}
