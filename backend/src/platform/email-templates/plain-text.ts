import { toPlainText } from '@react-email/components';

// The parts of html-to-text's formatter API used here (the package ships no types).
interface DomNode {
  type: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}
interface TextBuilder {
  openBlock(options: { leadingLineBreaks: number }): void;
  closeBlock(options: { trailingLineBreaks: number }): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
  addLiteral(text: string): void;
}
type Walk = (nodes: DomNode[] | undefined, builder: TextBuilder) => void;

const textOf = (node: DomNode): string => (node.type === 'text' ? (node.data ?? '') : (node.children ?? []).map(textOf).join(''));

/** A link as "label: address", or just the address when that is its label. */
function labelledLink(elem: DomNode, walk: Walk, builder: TextBuilder): void {
  const href = (elem.attribs?.href ?? '').replace(/^mailto:/, '');
  walk(elem.children, builder);
  if (href && href !== textOf(elem).replace(/\s+/g, ' ').trim()) builder.addInline(`: ${href}`, { noWordTransform: true });
}

/** A row of <Facts> as "Label: value". */
function factRow(elem: DomNode, walk: Walk, builder: TextBuilder): void {
  const [label, value] = (elem.children ?? []).filter((child) => child.type === 'tag');
  builder.openBlock({ leadingLineBreaks: 1 });
  walk(label?.children, builder);
  builder.addInline(': ');
  walk(value?.children, builder);
  builder.closeBlock({ trailingLineBreaks: 1 });
}

/** The footer after a "--" line, as plain-text mail sets a signature apart. */
function signature(elem: DomNode, walk: Walk, builder: TextBuilder): void {
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addLiteral('--');
  builder.closeBlock({ trailingLineBreaks: 1 });
  walk(elem.children, builder);
}

const OPTIONS = {
  formatters: { labelledLink, factRow, signature },
  selectors: [
    { selector: 'a', format: 'labelledLink' },
    { selector: 'tr[data-fact]', format: 'factRow' },
    { selector: '[data-email-footer]', format: 'signature' },
    { selector: 'ul', options: { itemPrefix: '- ' } },
  ],
};

/**
 * The text part of an email, derived from its HTML with react-email's converter: what the
 * layout marks `data-skip-in-text` (preview line, brand, heading) is left out, links read
 * "label: address", fact rows "Label: value", a quote "> line".
 */
export function emailText(html: string): string {
  return `${toPlainText(html, OPTIONS).trim()}\n`;
}
