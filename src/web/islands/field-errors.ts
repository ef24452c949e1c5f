/**
 * Inline field errors for the plain-DOM form islands (contact, auth), as the web app's Field shows them: a
 * role="alert" paragraph after the input, tied to it by aria-describedby and aria-invalid.
 */
export function showFieldError(el: HTMLElement, message: string | undefined) {
  const id = `${el.id}-error`;
  document.getElementById(id)?.remove();
  if (!message) {
    el.removeAttribute('aria-invalid');
    el.removeAttribute('aria-describedby');
    return;
  }
  el.setAttribute('aria-invalid', 'true');
  el.setAttribute('aria-describedby', id);
  const p = document.createElement('p');
  p.id = id;
  p.setAttribute('role', 'alert');
  p.className = 'text-xs font-medium text-red-600';
  p.textContent = message;
  el.parentElement!.append(p);
}

/** The first message zod gave for each field. */
export function firstErrorOfEachField<F extends string>(
  issues: readonly { path: PropertyKey[]; message: string }[],
) {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) errors[issue.path[0] as F] ??= issue.message;
  return errors;
}
