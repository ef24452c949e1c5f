type Sonner = typeof import('sonner');

// sonner's toasts, loaded with the first one (the field app's first load stays under 120 KB gzipped, decision 1175);
// the Toaster mounts then, into its own root, and shows the toast made before it subscribed.
let loading: Promise<Sonner['toast']> | undefined;

function sonner() {
  loading ??= Promise.all([import('sonner'), import('react'), import('react-dom/client')]).then(
    ([module, react, dom]) => {
      const host = document.createElement('div');
      document.body.append(host);
      dom.createRoot(host).render(
        react.createElement(module.Toaster, {
          richColors: true,
          closeButton: true,
          position: 'top-center',
        }),
      );
      return module.toast;
    },
  );
  return loading;
}

export const notify = {
  success: (title: string, description?: string) =>
    void sonner().then((t) => t.success(title, { description })),
  error: (title: string, description?: string) => void sonner().then((t) => t.error(title, { description })),
};
