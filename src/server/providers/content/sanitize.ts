import sanitizeHtml from 'sanitize-html';

// Page copy may hold headings, paragraphs, lists, simple tables and links; never scripts, styles, frames,
// images, forms or event handlers. Applied before storage and again before serving.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'br',
    'a',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'section',
    'span',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Drop the text inside script-like elements rather than keeping it as visible text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'template'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }),
  },
};

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Plain text (for meta tags and structured data): tags removed, whitespace collapsed. */
export function toPlainText(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
