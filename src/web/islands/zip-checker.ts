import { ZIP_LENGTH } from '../../shared/constants';

/** The two toasts the checker shows: sonner's `toast` inside the web app, the mini toast on server-rendered pages. */
export interface Toaster {
  error(title: string, options: { description: string }): unknown;
  success(title: string, options: { description: string }): unknown;
}

type Part = 'checker' | 'unavailable' | 'available' | 'joined';

async function getJson(response: Promise<Response>): Promise<unknown> {
  const res = await response;
  if (!res.ok) throw new Error(`Request failed (${res.status})`);
  return res.json();
}

/**
 * Wires the server-rendered zip checker (ZipCheckerMarkup): the spec's states idle → checking → available |
 * unavailable → joined, its toasts and its requests, in plain DOM so the landing page loads no framework
 * (docs/decisions/0910). Returns a function that removes its listeners.
 */
export function mountZipChecker(
  root: HTMLElement,
  { toast, go }: { toast: Toaster; go: (path: string) => void },
) {
  const $ = <T extends Element>(selector: string) => root.querySelector<T>(selector)!;
  const checkForm = $<HTMLFormElement>('[data-zip-form="check"]');
  const joinForm = $<HTMLFormElement>('[data-zip-form="join"]');
  const zipInput = $<HTMLInputElement>('#zip');
  const emailInput = $<HTMLInputElement>('#waitlist-email');
  const checkButton = checkForm.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const joinButton = joinForm.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  let zip = zipInput.value.replace(/\D/g, '').slice(0, ZIP_LENGTH);

  const show = (...parts: Part[]) => {
    for (const el of root.querySelectorAll<HTMLElement>('[data-zip-part]'))
      el.hidden = !parts.includes(el.dataset.zipPart as Part);
    for (const el of root.querySelectorAll('[data-zip-value]')) el.textContent = zip;
  };
  const busy = (button: HTMLButtonElement, on: boolean, enabled: boolean) => {
    button.disabled = on || !enabled;
    button.querySelector('[data-zip-spinner]')?.classList.toggle('hidden', !on);
  };
  let checking = false;
  let joining = false;
  const sync = () => {
    zipInput.value = zip;
    busy(checkButton, checking, zip.length === ZIP_LENGTH);
    busy(joinButton, joining, emailInput.value !== '');
  };

  const onZipInput = () => {
    zip = zipInput.value.replace(/\D/g, '').slice(0, ZIP_LENGTH);
    if (!joinForm.hidden) show('checker');
    sync();
  };

  const onCheck = async (e: Event) => {
    e.preventDefault();
    if (checking) return;
    if (zip.length !== ZIP_LENGTH) {
      toast.error('Invalid Zip Code', { description: 'Please enter a valid 5-digit zip code' });
      return;
    }
    checking = true;
    sync();
    try {
      const result = (await getJson(
        fetch(`/api/public/availability?zip=${zip}`, { credentials: 'same-origin' }),
      )) as {
        available: boolean;
        zip: string;
      };
      if (result.available) {
        show('checker', 'available');
        go(`/book?zip=${result.zip}`);
      } else {
        show('checker', 'unavailable');
      }
    } catch {
      show('checker');
      toast.error('Error', { description: 'Failed to check service availability. Please try again.' });
    } finally {
      checking = false;
      sync();
    }
  };

  const onJoin = async (e: Event) => {
    e.preventDefault();
    if (joining) return;
    const email = emailInput.value;
    if (!email.trim() || !zip) {
      toast.error('Missing Information', { description: 'Please enter both email and zip code' });
      return;
    }
    // zod loads only when someone joins, not with the landing page.
    const { waitlistInputSchema } = await import('../../shared/public.schemas');
    const parsed = waitlistInputSchema.safeParse({ email, zip_code: zip });
    if (!parsed.success) {
      toast.error('Missing Information', {
        description: parsed.error.issues[0]?.message ?? 'Please enter both email and zip code',
      });
      return;
    }
    joining = true;
    sync();
    try {
      await getJson(
        fetch('/api/public/waitlist', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, zip_code: zip }),
        }),
      );
      show('joined');
      toast.success('Success!', {
        description:
          "You've been added to our waitlist. We'll notify you when service launches in your area!",
      });
    } catch {
      toast.error('Error', { description: 'Failed to join waitlist. Please try again.' });
    } finally {
      joining = false;
      sync();
    }
  };

  const onReset = () => {
    zip = '';
    emailInput.value = '';
    show('checker');
    sync();
  };

  const reset = $<HTMLButtonElement>('[data-zip-reset]');
  zipInput.addEventListener('input', onZipInput);
  emailInput.addEventListener('input', sync);
  checkForm.addEventListener('submit', onCheck);
  joinForm.addEventListener('submit', onJoin);
  reset.addEventListener('click', onReset);
  // A value typed (or restored by the browser) before the script ran counts.
  sync();
  return () => {
    zipInput.removeEventListener('input', onZipInput);
    emailInput.removeEventListener('input', sync);
    checkForm.removeEventListener('submit', onCheck);
    joinForm.removeEventListener('submit', onJoin);
    reset.removeEventListener('click', onReset);
  };
}
