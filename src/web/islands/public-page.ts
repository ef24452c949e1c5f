import { mountHeaderMenu } from './header-menu';

// The script of a server-rendered public page with no island of its own (static pages, /for-detailers).
mountHeaderMenu();
