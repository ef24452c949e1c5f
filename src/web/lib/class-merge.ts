import { type ClassValue, clsx } from 'clsx';

// The class joiner of the shared UI components /book's island renders (Button, Card, Input, Label, Skeleton, Badge,
// the list states; docs/decisions/0914). The web app and the server plug tailwind-merge in at start
// (`setClassMerge(twMerge)`), so a caller's class still overrides a component's (`<Input className="h-12">`). /book's
// island does not load tailwind-merge (≈ 8 KB gzip): there the classes are joined as they are, which gives the same
// markup only because the booking screen passes no class that conflicts with a component's own. The server test
// "/book renders the same markup without tailwind-merge" holds that.
type Merge = (classes: string) => string;

let merge: Merge = (classes) => classes;

export function setClassMerge(fn: Merge) {
  merge = fn;
}

export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
