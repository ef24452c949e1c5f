type Sonner = typeof import('sonner');

// sonner, loaded on the first toast (docs/decisions/0912): /book's island does not carry it on its first load. The web
// app mounts its <Toaster> at start (main.tsx), so there the import is already loaded; an island registers how to
// mount one when the first toast comes (sonner shows toasts made before its Toaster subscribed).
let loading: Promise<Sonner['toast']> | undefined;
let mountToaster: ((sonner: Sonner) => void) | undefined;

export function mountToasterOnFirstToast(mount: (sonner: Sonner) => void) {
  mountToaster = mount;
}

function sonner() {
  loading ??= import('sonner').then((module) => {
    mountToaster?.(module);
    return module.toast;
  });
  return loading;
}

/** sonner's `toast.error(title, { description, id })`, loading sonner on first use. */
export function toastError(title: string, data: { description: string; id?: string }) {
  void sonner().then((toast) => toast.error(title, data));
}
