import { ChevronDown } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import { useFieldControlProps } from './label';
import { SELECT_TRIGGER_CLASS } from './select-trigger-class';

// A select of fixed choices whose Radix Select (≈ 25 KB gzip with its layers) loads on first use: until then a
// look-alike trigger (the same markup and classes as SelectTrigger), which loads it when pointed at or focused and
// opens it when pressed (docs/decisions/0912). Used where the first load counts: /book's island.

export interface SelectChoice {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectOnDemandProps {
  id: string;
  value: string;
  onValueChange(value: string): void;
  placeholder: string;
  choices: SelectChoice[];
  disabled?: boolean;
  'aria-invalid'?: boolean;
}

type Loaded = ComponentType<SelectOnDemandProps & { defaultOpen: boolean }>;
let loading: Promise<Loaded> | undefined;
const load = () => {
  loading ??= import('./select-choices').then((m) => m.SelectChoices);
  return loading;
};

export function SelectOnDemand(props: SelectOnDemandProps) {
  const field = useFieldControlProps();
  const [real, setReal] = useState<{ Select: Loaded; open: boolean } | null>(null);
  const [wantOpen, setWantOpen] = useState(false);

  useEffect(() => {
    if (!wantOpen || real) return;
    let live = true;
    void load().then((Select) => live && setReal({ Select, open: true }));
    return () => {
      live = false;
    };
  }, [wantOpen, real]);

  if (real) return <real.Select {...props} defaultOpen={real.open} />;

  const chosen = props.choices.find((c) => c.value === props.value);
  const open = () => {
    if (!props.disabled) setWantOpen(true);
  };
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded="false"
      aria-autocomplete="none"
      dir="ltr"
      data-state="closed"
      data-placeholder={chosen ? undefined : ''}
      data-disabled={props.disabled ? '' : undefined}
      disabled={props.disabled}
      {...field}
      id={props.id}
      aria-invalid={props['aria-invalid']}
      className={SELECT_TRIGGER_CLASS}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onPointerDown={(e) => {
        if (e.button === 0 && e.pointerType === 'mouse') open();
      }}
      onClick={open}
      onKeyDown={(e) => {
        if ([' ', 'Enter', 'ArrowUp', 'ArrowDown'].includes(e.key)) {
          e.preventDefault();
          open();
        }
      }}
    >
      <span style={{ pointerEvents: 'none' }}>{chosen ? chosen.label : props.placeholder}</span>
      <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
    </button>
  );
}
