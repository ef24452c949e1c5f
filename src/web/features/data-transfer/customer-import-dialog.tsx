import { IMPORT_FIELD_LABELS, IMPORT_FIELDS } from '../../../shared/customer-import';
import { useImportCustomers, usePreviewCustomerImport } from '../../api/customer-import';
import { CsvImportDialog, type CsvImportKind } from './csv-import-dialog';

const CUSTOMERS: CsvImportKind<(typeof IMPORT_FIELDS)[number]> = {
  fields: IMPORT_FIELDS,
  labels: IMPORT_FIELD_LABELS,
  title: 'Import customers',
  description:
    'A CSV file from Jobber, Square, Housecall Pro or a spreadsheet: check its columns, see any rows with problems, then import the good ones.',
  noun: 'customer',
  duplicatesLabel: 'Customers already in your list (same email)',
  mergeLabel: 'Update them from the file',
  doneText: 'Your customers were imported.',
  usePreview: usePreviewCustomerImport,
  useImport: useImportCustomers,
};

/** "Import" on /customers. */
export function CustomerImportDialog() {
  return <CsvImportDialog kind={CUSTOMERS} />;
}
