import { useRef } from 'react';
import { SERVICE_AREA_TEXT } from '../../../shared/service-areas';
import { useServiceAreas } from '../../api/service-areas';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { useErrorToast } from '../../lib/use-error-toast';
import { AddAreaForm, type AddAreaFormHandle } from './add-area-form';
import { AreaList } from './area-list';
import { WaitlistInsights } from './waitlist-insights';

export function ServiceAreasPage() {
  const { data, isPending, isError, errorUpdatedAt, refetch, isRefetching } = useServiceAreas();
  useErrorToast(isError, SERVICE_AREA_TEXT.loadFailed, errorUpdatedAt);
  const form = useRef<AddAreaFormHandle>(null);
  return (
    <div>
      <PageHeader
        title="Service Areas"
        description="The zip codes you serve. Activating one launches it and emails everyone on its waitlist."
      />
      <div className="grid gap-6">
        <AddAreaForm ref={form} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <section aria-label="Your service areas">
            {isPending ? (
              <RowsSkeleton rows={3} />
            ) : isError ? (
              <ErrorState
                message={SERVICE_AREA_TEXT.loadFailed}
                onRetry={() => refetch()}
                retrying={isRefetching}
              />
            ) : (
              <AreaList areas={data.items} onAdd={() => form.current?.focus()} />
            )}
          </section>
          <WaitlistInsights onAddArea={(zip) => form.current?.prefill(zip)} />
        </div>
      </div>
    </div>
  );
}
