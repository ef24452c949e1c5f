import { Body, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import { createContext, Fragment, type ReactNode, useContext } from 'react';
import type { AppliedBranding } from '../../shared/branding';

/**
 * A white-labelled business's look (decision 1315), given to every template of its customer emails by renderEmail:
 * its display name replaces the sender's, its logo (an absolute address) and colour head the message.
 */
export const EmailBrandingContext = createContext<AppliedBranding | null>(null);

// One look for every email: the sender's name on top, the message, a quiet footer. The header and footer are marked
// data-skip-in-text, so the plain-text part carries the message alone (React Email's toPlainText skips them).

const page = {
  backgroundColor: '#f8fafc',
  fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
};
const card = {
  maxWidth: '560px',
  margin: '0 auto',
  padding: '24px',
  backgroundColor: '#ffffff',
  color: '#0f172a',
};
const brandStyle = { fontSize: '18px', fontWeight: 700, margin: '0 0 16px' };
const paragraph = { fontSize: '15px', lineHeight: '1.5', margin: '0 0 16px' };
const footerStyle = { fontSize: '12px', lineHeight: '1.5', color: '#475569', margin: '0' };
const linkStyle = { color: '#0369a1', wordBreak: 'break-all' as const };

export function EmailLayout(props: {
  /** The sender shown on top and in the footer: the business's name, or ShineRoute. */
  brand: string;
  /** The inbox's preview line. */
  preview: string;
  children: ReactNode;
  /** Footer content that is part of the message (e.g. marketing's address and unsubscribe link): kept in the text. */
  footer?: ReactNode;
}) {
  const branding = useContext(EmailBrandingContext);
  const brand = branding?.displayName || props.brand;
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Section
            data-skip-in-text="true"
            style={
              branding?.color
                ? {
                    backgroundColor: branding.color,
                    color: branding.textColor ?? undefined,
                    padding: '12px 16px',
                  }
                : undefined
            }
          >
            {branding?.logoUrl && (
              <Img src={branding.logoUrl} alt={brand} height="40" style={{ margin: '0 0 8px' }} />
            )}
            <Text style={{ ...brandStyle, ...(branding?.color ? { margin: '0' } : {}) }}>{brand}</Text>
          </Section>
          {props.children}
          {props.footer ?? (
            <Section data-skip-in-text="true">
              <Hr />
              <Text style={footerStyle}>{brand}</Text>
              <LegalLinks />
            </Section>
          )}
        </Container>
      </Body>
    </Html>
  );
}

/**
 * A white-labelled business's own Privacy and Terms (decision 1358), under its name in the footer of its customer
 * emails; nothing when it set neither (its emails never carried ShineRoute's).
 */
export function LegalLinks() {
  const branding = useContext(EmailBrandingContext);
  if (!branding?.privacyUrl && !branding?.termsUrl) return null;
  return (
    <Text style={footerStyle} data-testid="email-legal-links">
      {branding.privacyUrl && (
        <Link href={branding.privacyUrl} style={{ color: '#475569' }}>
          Privacy
        </Link>
      )}
      {branding.privacyUrl && branding.termsUrl && ' · '}
      {branding.termsUrl && (
        <Link href={branding.termsUrl} style={{ color: '#475569' }}>
          Terms
        </Link>
      )}
    </Text>
  );
}

/** A paragraph: in the text part, paragraphs are separated by a blank line. */
export function P(props: { children: ReactNode; style?: React.CSSProperties }) {
  return <Text style={{ ...paragraph, ...props.style }}>{props.children}</Text>;
}

/** One paragraph of several lines (one line each in the text part); empty entries are left out. */
export function Lines(props: {
  lines: ReadonlyArray<ReactNode | false | null | undefined>;
  style?: React.CSSProperties;
}) {
  const shown = props.lines.filter((l) => l !== false && l !== null && l !== undefined && l !== '');
  return (
    <Text style={{ ...paragraph, ...props.style }}>
      {shown.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

/** A label and its value on one line, e.g. "Price: $120.00". */
export function Fact(props: { label: string; children: ReactNode }) {
  return (
    <>
      <strong>{props.label}:</strong> {props.children}
    </>
  );
}

/** A link that shows its address (the text part prints the address once). */
export function Url(props: { href: string }) {
  return (
    <Link href={props.href} style={linkStyle}>
      {props.href}
    </Link>
  );
}

export const FOOTER_STYLE = footerStyle;
