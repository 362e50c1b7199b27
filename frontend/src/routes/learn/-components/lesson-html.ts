/**
 * The built lesson HTML, made keyboard-friendly: a code block wider than a phone scrolls
 * sideways, so it takes focus (tabindex) and arrow keys can scroll it.
 */
export function lessonHtml(html: string): string {
  return html.replace(/<pre(?=[\s>])/g, '<pre tabindex="0"');
}
