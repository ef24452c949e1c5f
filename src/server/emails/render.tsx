import { render, toPlainText } from '@react-email/render';
import type { EmailTemplate } from './define';

export interface RenderedEmail {
  subject: string;
  html: string;
  /** The plain-text part, made from the same render (no second copy of the wording to keep in step). */
  text: string;
}

/** Renders a template once to HTML and derives the plain-text part from that HTML. */
export async function renderTemplate<P>(template: EmailTemplate<P>, props: P): Promise<RenderedEmail> {
  const { Email } = template;
  const html = await render(<Email {...(props as P & object)} />);
  // A link whose text is its address prints once; the header/footer frame is skipped (data-skip-in-text).
  const text = template.text ? template.text(props) : toPlainText(html).trim();
  return { subject: template.subject(props), html, text };
}
