import { Body, Button, Column, Container, Head, Heading, Html, Preview, Row, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { COLORS, FONT_STACK } from './theme';

export interface EmailLayoutProps {
  /** The line mail clients show after the subject. */
  preview: string;
  heading: string;
  /** A call to action: one button, a real link. */
  action?: { label: string; href: string } | undefined;
  footer: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every email: react-email's tables and inline styles (what mail clients render
 * reliably; padding goes on cells, which Outlook honours, not on tables), 600 px wide at most,
 * readable at phone width, light whatever the client's theme. The brand line and the heading
 * repeat what the subject says, so the text part leaves them out.
 */
export function EmailLayout({ preview, heading, action, footer, children }: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{heading}</title>
      </Head>
      <Body style={{ margin: 0, padding: '32px 12px', backgroundColor: COLORS.page, fontFamily: FONT_STACK, color: COLORS.ink }}>
        <Preview>{preview}</Preview>
        <Container style={{ maxWidth: '600px' }}>
          <Text data-skip-in-text style={{ margin: '0 8px 16px', fontSize: '15px', lineHeight: '1.6', fontWeight: 700, color: COLORS.accent }}>
            SystemSculpt
          </Text>
          <Section style={{ backgroundColor: COLORS.card, border: `1px solid ${COLORS.line}`, borderRadius: '12px' }}>
            <Row>
              <Column style={{ padding: '32px 28px', fontSize: '15px', lineHeight: '1.6' }}>
                <Heading as="h1" data-skip-in-text style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '1.3', color: COLORS.ink }}>
                  {heading}
                </Heading>
                {children}
                {action ? (
                  <Section style={{ margin: '28px 0 8px' }}>
                    <Button
                      href={action.href}
                      style={{ padding: '12px 22px', borderRadius: '8px', backgroundColor: COLORS.accent, color: '#ffffff', fontWeight: 600, fontSize: '15px' }}
                    >
                      {action.label}
                    </Button>
                  </Section>
                ) : null}
              </Column>
            </Row>
          </Section>
          <Section data-email-footer>
            <Row>
              <Column style={{ padding: '20px 8px', fontSize: '12px', lineHeight: '1.6', color: COLORS.muted }}>{footer}</Column>
            </Row>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
