import { mountContactForm } from './contact-form';
import { mountHeaderMenu } from './header-menu';
import { miniToast } from './mini-toast';

// /contact's script: the header menu and the contact form, no framework (docs/decisions/0910).
mountHeaderMenu();
const form = document.querySelector<HTMLFormElement>('[data-island="contact-form"]');
if (form) mountContactForm(form, { toast: miniToast });
