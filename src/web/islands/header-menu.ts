/**
 * The public header's mobile menu on server-rendered pages (SiteHeaderView's markup): the button opens and closes it,
 * a link in it closes it.
 */
export function mountHeaderMenu(doc: Document = document) {
  const button = doc.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = doc.getElementById('mobile-menu');
  if (!button || !menu) return;
  const set = (open: boolean) => {
    menu.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    button.querySelector('[data-menu-icon="open"]')?.classList.toggle('hidden', open);
    button.querySelector('[data-menu-icon="close"]')?.classList.toggle('hidden', !open);
  };
  // `hidden` may also be 'until-found' (still hidden, but findable): any hidden value opens the menu.
  button.addEventListener('click', () => set(menu.hidden !== false));
  for (const link of menu.querySelectorAll('a')) link.addEventListener('click', () => set(false));
}
