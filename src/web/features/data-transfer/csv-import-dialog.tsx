import { zodResolver } from '@hookform/resolvers/zod';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type CsvImportInput, csvImportSchemaOf, MAX_IMPORT_BYTES } from '../../../shared/csv-import';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

type Problem = { row: number; name: string; email: string; problems: string[] };
type Mapping<F extends string> = Partial<Record<F, number>>;
interface Preview<F extends string> {
  headers: string[];
  mapping: Mapping<F>;
  total: number;
  valid: number;
  existing: number;
  invalid: number;
  problems: Problem[];
}
interface Report {
  total: number;
  created: number;
  merged: number;
  skipped: number;
  invalid: number;
  problems: Problem[];
}
interface Mutation<T> {
  mutateAsync(input: CsvImportInput<string>): Promise<T>;
  isPending: boolean;
}

/** What differs between the records a CSV brings in (customers, services): their fields, words and API. */
export interface CsvImportKind<F extends string> {
  fields: readonly [F, ...F[]];
  labels: Record<F, string>;
  title: string;
  description: string;
  /** One record, as counted: "customer", "service". */
  noun: string;
  /** The question about records already there, and its two answers. */
  duplicatesLabel: string;
  mergeLabel: string;
  doneText: string;
  usePreview: () => Mutation<Preview<F>>;
  useImport: () => Mutation<Report>;
}

const NONE = 'none';
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * "Import" on a list (/customers, /services): a CSV from another tool, its columns mapped, every bad row named, then
 * the import and its report. One dialog for every kind (decision 1287).
 */
export function CsvImportDialog<F extends string>({ kind }: { kind: CsvImportKind<F> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Upload /> Import
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent size="lg">
          {open && <ImportSteps kind={kind} onDone={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ImportSteps<F extends string>({ kind, onDone }: { kind: CsvImportKind<F>; onDone: () => void }) {
  const preview = kind.usePreview();
  const run = kind.useImport();
  const [checked, setChecked] = useState<Preview<F> | undefined>(undefined);
  const [report, setReport] = useState<Report | undefined>(undefined);
  const [schema] = useState(() => csvImportSchemaOf(kind.fields));
  const form = useForm<CsvImportInput<string>>({
    resolver: zodResolver(schema) as never,
    defaultValues: { csv: '', duplicates: 'skip' },
  });

  const check = async (values: CsvImportInput<string>) => {
    try {
      const result = await preview.mutateAsync(values);
      setChecked(result);
      form.setValue('mapping', result.mapping as Mapping<string>);
    } catch (err) {
      setChecked(undefined);
      toast.error('Error', { description: (err as Error).message });
    }
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES)
      return toast.error('Error', { description: 'The file is too large (8 MB at most)' });
    const csv = await file.text();
    form.reset({ csv, duplicates: form.getValues('duplicates') });
    await check({ csv });
  };

  const remap = (field: F, value: string) => {
    const mapping = { ...form.getValues('mapping') };
    if (value === NONE) delete mapping[field];
    else mapping[field] = Number(value);
    form.setValue('mapping', mapping);
    void check(form.getValues());
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      setReport(await run.mutateAsync(values));
      toast.success('Import finished', { description: kind.doneText });
    } catch (err) {
      toast.error('Error', { description: (err as Error).message });
    }
  });

  if (report) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Import finished</DialogTitle>
          <DialogDescription>What was done with the {report.total} rows of the file.</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <ul className="space-y-1 text-sm text-slate-800" data-testid="import-report">
            <li>{count(report.created, `new ${kind.noun}`)} added</li>
            <li>{count(report.merged, `existing ${kind.noun}`)} updated</li>
            <li>{count(report.skipped, `existing ${kind.noun}`)} skipped</li>
            <li>{count(report.invalid, 'row')} not imported because of a problem</li>
          </ul>
          <ProblemList problems={report.problems} />
        </DialogBody>
        <DialogFooter>
          <Button onClick={onDone}>Done</Button>
        </DialogFooter>
      </>
    );
  }

  const mapping: Mapping<string> = form.watch('mapping') ?? {};
  return (
    <form onSubmit={submit} noValidate className="contents">
      <DialogHeader>
        <DialogTitle>{kind.title}</DialogTitle>
        <DialogDescription>{kind.description}</DialogDescription>
      </DialogHeader>
      <DialogBody className="space-y-5">
        <Field id="import-file" label="CSV file">
          <Input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => chooseFile(e.currentTarget.files?.[0])}
          />
        </Field>
        {checked && (
          <>
            <section aria-label="Preview" className="space-y-2" data-testid="import-preview">
              <p className="text-sm text-slate-800">
                {count(checked.total, 'row')}: <strong>{checked.valid} ready to import</strong>
                {checked.existing > 0 && ` (${checked.existing} already in your list)`}, {checked.invalid}{' '}
                with a problem.
              </p>
              <ProblemList problems={checked.problems} />
            </section>
            <Field id="import-duplicates" label={kind.duplicatesLabel}>
              <Controller
                control={form.control}
                name="duplicates"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="skip">Skip them</SelectItem>
                      <SelectItem value="merge">{kind.mergeLabel}</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-slate-900">Columns</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {kind.fields.map((field) => (
                  <Field key={field} id={`import-map-${field}`} label={kind.labels[field]}>
                    <Select
                      value={mapping[field] === undefined ? NONE : String(mapping[field])}
                      onValueChange={(v) => remap(field, v)}
                    >
                      <SelectTrigger>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NONE}>Not imported</SelectItem>
                        {checked.headers.map((h, i) => (
                          <SelectItem key={i} value={String(i)}>
                            {h || `Column ${i + 1}`}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </Field>
                ))}
              </div>
            </fieldset>
          </>
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" type="button" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          loading={run.isPending}
          disabled={!checked || checked.valid === 0 || preview.isPending}
        >
          Import {checked ? count(checked.valid, kind.noun) : ''}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ProblemList({ problems }: { problems: Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul
      aria-label="Rows with problems"
      className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-red-200 bg-red-50 p-3 text-sm"
    >
      {problems.map((p) => (
        <li key={p.row} data-testid="import-problem" className="text-red-800">
          Row {p.row}
          {p.name || p.email ? ` (${p.name || p.email})` : ''}: {p.problems.join(', ')}
        </li>
      ))}
    </ul>
  );
}
