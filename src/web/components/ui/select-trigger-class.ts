/**
 * SelectTrigger's look, shared with SelectOnDemand's look-alike trigger (no Radix, no tailwind-merge here). The value
 * (the span) shows one line, cut with an ellipsis; it may break anywhere (`wrap-anywhere`), so a long choice
 * ("Dana Axe · dana@…") no longer sets the form's narrowest width and pushes it past a phone's edge (`truncate`'s
 * nowrap did), while a trigger sized by its content still shows the whole choice.
 */
export const SELECT_TRIGGER_CLASS =
  'flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-base text-slate-900 sm:text-sm focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-500 data-[placeholder]:text-slate-500 [&>span]:line-clamp-1 [&>span]:wrap-anywhere';
