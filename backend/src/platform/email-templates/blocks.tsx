import { Link, Text } from '@react-email/components';
import { Fragment, type ReactNode } from 'react';
import { COLORS } from './theme';

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ margin: '0 0 14px', fontSize: '15px', lineHeight: '1.6' }}>{children}</Text>;
}

export function Greeting({ name }: { name?: string | null | undefined }) {
  return <Paragraph>{name ? `Hi ${name},` : 'Hello,'}</Paragraph>;
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: COLORS.accent, textDecorationLine: 'underline' }}>
      {children}
    </Link>
  );
}

/** Label–value rows, e.g. an order summary; in the text part each row reads "Label: value". */
export function Facts({ rows }: { rows: Array<[string, string]> }) {
  const cell = { padding: '9px 0', borderBottom: `1px solid ${COLORS.line}`, fontSize: '15px' };
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '8px 0 18px', borderTop: `1px solid ${COLORS.line}` }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label} data-fact>
            <td style={{ ...cell, color: COLORS.muted }}>{label}</td>
            <td align="right" style={{ ...cell, fontWeight: 600 }}>
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A value to copy, such as a license key, in a monospace box. */
export function CodeBox({ children }: { children: string }) {
  return (
    <Text
      style={{
        margin: '8px 0 18px',
        padding: '14px 16px',
        borderRadius: '8px',
        backgroundColor: COLORS.page,
        border: `1px solid ${COLORS.line}`,
        fontFamily: 'ui-monospace,Menlo,Consolas,monospace',
        fontSize: '16px',
        lineHeight: '1.6',
        letterSpacing: '.5px',
        wordBreak: 'break-all',
      }}
    >
      {children}
    </Text>
  );
}

export function BulletList({ items }: { items: ReactNode[] }) {
  return (
    <ul style={{ margin: '0 0 14px', paddingLeft: '20px' }}>
      {items.map((item, index) => (
        <li key={index} style={{ margin: '0 0 6px' }}>
          {item}
        </li>
      ))}
    </ul>
  );
}

/** What someone typed, line by line as they typed it. */
export function TypedLines({ text }: { text: string }) {
  return text.split(/\r\n|\r|\n/).map((line, index) => (
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}

/** A message quoted back to its writer. */
export function Quote({ text }: { text: string }) {
  return (
    <blockquote style={{ margin: '0 0 14px', padding: '10px 14px', borderLeft: `3px solid ${COLORS.quoteLine}`, color: COLORS.muted }}>
      <TypedLines text={text} />
    </blockquote>
  );
}
