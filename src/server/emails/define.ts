import type { ReactElement } from 'react';

/** An email template: its subject line, its body as a React Email component, and sample data for the preview. */
export interface EmailTemplate<P> {
  subject: (props: P) => string;
  /** The inbox's preview line; the subject when absent. */
  preview?: (props: P) => string;
  Email: (props: P) => ReactElement;
  /** The plain-text part when it must differ from the HTML's text (marketing: links as written, not redirects). */
  text?: (props: P) => string;
  /** Realistic props: the preview (npm run emails:preview) and the template test render every template with them. */
  sample: P;
}

export const defineEmail = <P>(template: EmailTemplate<P>) => template;

/** A moment shown in the business's time zone. */
export interface Moment {
  at: Date | string;
  timeZone: string;
}
