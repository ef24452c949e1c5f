import { mountHeaderMenu } from './header-menu';
import { miniToast } from './mini-toast';
import { mountZipChecker } from './zip-checker';

// The landing page's script: the header menu and the zip checker, no framework (docs/decisions/0910).
mountHeaderMenu();
const checker = document.querySelector<HTMLElement>('[data-island="zip-checker"]');
if (checker) mountZipChecker(checker, { toast: miniToast, go: (path) => window.location.assign(path) });
