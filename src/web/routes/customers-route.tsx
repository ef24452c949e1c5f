import { CustomersPage } from '../features/customers/customers-page';
import { CustomerImportDialog } from '../features/data-transfer/customer-import-dialog';

/** /customers: the list, with the import from another tool's CSV (features/data-transfer) beside Add Customer. */
export function CustomersRoute() {
  return <CustomersPage importAction={<CustomerImportDialog />} />;
}
