import { ServiceImportDialog } from '../features/data-transfer/service-import-dialog';
import { ServicesPage } from '../features/services/services-page';

/** /services: the list, with the import from another tool's CSV (features/data-transfer) beside Add Service. */
export function ServicesRoute() {
  return <ServicesPage importAction={<ServiceImportDialog />} />;
}
