import { plainTextSelectors } from '@react-email/components';
import { compile, type DomNode, type FormatCallback } from 'html-to-text';

const textOf = (node: DomNode): string => (node.type === 'text' ? (node.data ?? '') : (node.children ?? []).map(textOf).join(''));

/** A link as "label: address", or just the address when that is its label. */
const labelledLink: FormatCallback = (elem, walk, builder) => {
  const href = (elem.attribs?.href ?? '').replace(/^mailto:/, '');
  walk(elem.children ?? [], builder);
  if (href && href !== textOf(elem).replace(/\s+/g, ' ').trim()) builder.addInline(`: ${href}`, { noWordTransform: true });
};

/** A row of <Facts> as "Label: value". */
const factRow: FormatCallback = (elem, walk, builder) => {
  const [label, value] = (elem.children ?? []).filter((child) => child.type === 'tag');
  builder.openBlock({ leadingLineBreaks: 1 });
  walk(label?.children ?? [], builder);
  builder.addInline(': ');
  walk(value?.children ?? [], builder);
  builder.closeBlock({ trailingLineBreaks: 1 });
};

/** The footer after a "--" line, as plain-text mail sets a signature apart. */
const signature: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addLiteral('--');
  builder.closeBlock({ trailingLineBreaks: 1 });
  walk(elem.children ?? [], builder);
};

/**
 * react-email's `toPlainText` with these options, compiled once: html-to-text builds its
 * converter (selectors, formatters) on every `convert`, which was a quarter of a worker's CPU
 * at 200 Stripe deliveries a second.
 */
const convert = compile({
  wordwrap: false,
  formatters: { labelledLink, factRow, signature },
  selectors: [
    ...plainTextSelectors,
    { selector: 'a', format: 'labelledLink' },
    { selector: 'tr[data-fact]', format: 'factRow' },
    { selector: '[data-email-footer]', format: 'signature' },
    { selector: 'ul', options: { itemPrefix: '- ' } },
  ],
});

/**
 * The text part of an email, derived from its HTML with react-email's converter: what the
 * layout marks `data-skip-in-text` (preview line, brand, heading) is left out, links read
 * "label: address", fact rows "Label: value", a quote "> line".
 */
export function emailText(html: string): string {
  return `${convert(html).trim()}\n`;
}
