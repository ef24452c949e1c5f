import { render, toPlainText } from '@react-email/render';
import type { AppliedBranding } from '../../shared/branding';
import type { EmailTemplate } from './define';
import { EmailBrandingContext } from './layout';

export interface RenderedEmail {
  subject: string;
  html: string;
  /** The plain-text part, made from the same render (no second copy of the wording to keep in step). */
  text: string;
}

/** Renders a template once to HTML and derives the plain-text part from that HTML. */
export async function renderTemplate<P>(
  template: EmailTemplate<P>,
  props: P,
  branding: AppliedBranding | null = null,
): Promise<RenderedEmail> {
  const { Email } = template;
  const html = await render(
    <EmailBrandingContext.Provider value={branding}>
      <Email {...(props as P & object)} />
    </EmailBrandingContext.Provider>,
  );
  // A link whose text is its address prints once; the header/footer frame is skipped (data-skip-in-text).
  const text = template.text ? template.text(props) : toPlainText(html).trim();
  return { subject: template.subject(props), html, text };
}
