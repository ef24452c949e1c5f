import { firstErrorOfEachField, showFieldError } from './field-errors';
import type { Toaster } from './zip-checker';

type FieldName = 'firstName' | 'lastName' | 'email' | 'subject' | 'message';
const FIELDS: FieldName[] = ['firstName', 'lastName', 'email', 'subject', 'message'];

/**
 * Wires the server-rendered contact form (ContactFormMarkup): the shared zod schema (loaded on first submit) with
 * inline errors as the web app's Field shows them, POST /api/public/contact, the spec's toasts, a reset after sending.
 * Plain DOM, so /contact loads no framework (docs/decisions/0910).
 */
export function mountContactForm(form: HTMLFormElement, { toast }: { toast: Toaster }) {
  const input = (name: FieldName) => form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const label = button.querySelector('[data-contact-label]')!;
  let submitted = false;
  let sending = false;

  const showErrors = (errors: Partial<Record<FieldName, string>>) => {
    for (const name of FIELDS) showFieldError(input(name), errors[name]);
  };

  const validate = async () => {
    const { contactInputSchema } = await import('../../shared/contact.schemas');
    const values = Object.fromEntries(FIELDS.map((name) => [name, input(name).value]));
    const parsed = contactInputSchema.safeParse(values);
    showErrors(parsed.success ? {} : firstErrorOfEachField<FieldName>(parsed.error.issues));
    return parsed.success ? parsed.data : null;
  };

  const busy = (on: boolean) => {
    sending = on;
    button.disabled = on;
    button.querySelector('[data-contact-spinner]')?.classList.toggle('hidden', !on);
    label.textContent = on ? 'Sending…' : 'Send Message';
  };

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (sending) return;
    submitted = true;
    const values = await validate();
    if (!values) {
      input(FIELDS.find((name) => input(name).getAttribute('aria-invalid')) ?? 'firstName').focus();
      return;
    }
    busy(true);
    try {
      const res = await fetch('/api/public/contact', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(values),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? `Request failed (${res.status})`);
      }
      toast.success('Message sent', {
        description: "Thanks! We'll get back to you within one business day.",
      });
      for (const name of FIELDS) input(name).value = '';
      submitted = false;
      showErrors({});
    } catch (err) {
      toast.error('Error', {
        description: err instanceof Error ? err.message : 'Failed to send your message. Please try again.',
      });
    } finally {
      busy(false);
    }
  });
  // After a first submit, errors follow what is typed (react-hook-form's default re-validation).
  form.addEventListener('input', () => {
    if (submitted) void validate();
  });
}
