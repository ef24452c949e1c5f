import { SERVICE_IMPORT_FIELD_LABELS, SERVICE_IMPORT_FIELDS } from '../../../shared/service-import';
import { useImportServices, usePreviewServiceImport } from '../../api/service-import';
import { CsvImportDialog, type CsvImportKind } from './csv-import-dialog';

const SERVICES: CsvImportKind<(typeof SERVICE_IMPORT_FIELDS)[number]> = {
  fields: SERVICE_IMPORT_FIELDS,
  labels: SERVICE_IMPORT_FIELD_LABELS,
  title: 'Import services',
  description:
    'A CSV file of your services from another tool or a spreadsheet (name, description, price, duration and prices per vehicle type): check its columns, see any rows with problems, then import the good ones.',
  noun: 'service',
  duplicatesLabel: 'Services already in your list (same name)',
  mergeLabel: 'Update them from the file',
  doneText: 'Your services were imported.',
  usePreview: usePreviewServiceImport,
  useImport: useImportServices,
};

/** "Import" on /services (decision 1287). */
export function ServiceImportDialog() {
  return <CsvImportDialog kind={SERVICES} />;
}
