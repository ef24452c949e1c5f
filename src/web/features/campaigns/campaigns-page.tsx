import { Megaphone, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { CAMPAIGN_MESSAGES } from '../../../shared/campaigns';
import {
  type Campaign,
  campaignStatsQuery,
  type Template,
  useCampaigns,
  useSendCampaign,
} from '../../api/campaigns';
import { FeatureGate } from '../../components/domain/feature-gate';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { queryClient } from '../../lib/query-client';
import { useErrorToast } from '../../lib/use-error-toast';
import { AutomationsTab } from './automations-tab';
import { CampaignDetailsDialog } from './campaign-details-dialog';
import { type CampaignDraft, CampaignFormDialog } from './campaign-form-dialog';
import { CampaignList } from './campaign-list';
import { CampaignStats } from './campaign-stats';
import { TemplatesTab } from './templates-tab';

const TITLE = 'SMS & Email Campaigns';
const DESCRIPTION = 'Reach your customers with offers, reminders and follow-ups.';

/** /campaigns (§2) is a Pro feature: Starter sees the upgrade card (the API answers 402 there). */
export function CampaignsPage() {
  return (
    <FeatureGate feature="campaigns" title={<PageHeader title={TITLE} description={DESCRIPTION} />}>
      <CampaignsScreen />
    </FeatureGate>
  );
}

/** Four cards, Campaigns and Templates tabs, New Campaign, Send Now through the job queue. */
function CampaignsScreen() {
  const campaigns = useCampaigns();
  useErrorToast(campaigns.isError, 'Failed to load campaigns', campaigns.errorUpdatedAt);
  const send = useSendCampaign();
  // ?tab=automations opens the Automations tab (the dashboard checklist links there).
  const [params] = useSearchParams();
  const [tab, setTab] = useState(() => (params.get('tab') === 'automations' ? 'automations' : 'campaigns'));
  // ?new=1&name=…&message=… opens New Campaign filled in (the dashboard's insights link here, decision 1241).
  const [draft, setDraft] = useState<CampaignDraft | null>(() =>
    params.get('new') === '1'
      ? {
          name: (params.get('name') ?? '').slice(0, 100),
          message: (params.get('message') ?? '').slice(0, 1000),
        }
      : null,
  );
  const [formOpen, setFormOpen] = useState(draft !== null);
  const [template, setTemplate] = useState<Template | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  // The campaign just sent: its outcome (sent, failed, scheduled) is announced once the queue has it.
  const [watching, setWatching] = useState<string | null>(null);

  const list = campaigns.items;
  const details = list.find((c) => c.id === detailsId) ?? null;
  const watched = list.find((c) => c.id === watching);

  useEffect(() => {
    if (!watched || watched.status === 'sending' || watched.status === 'draft') return;
    if (watched.status === 'sent') toast.success('Success', { description: CAMPAIGN_MESSAGES.sent });
    else if (watched.status === 'scheduled')
      toast.info('Scheduled', { description: 'Texts wait for 8:00 AM in your time zone.' });
    else toast.error('Error', { description: watched.failureReason ?? 'The campaign could not be sent' });
    setWatching(null);
    void queryClient.invalidateQueries(campaignStatsQuery());
  }, [watched]);

  const openForm = (t: Template | null) => {
    setDraft(null);
    setTemplate(t);
    setTab('campaigns');
    setFormOpen(true);
  };
  const sendNow = (c: Campaign) =>
    send.mutate(c.id, {
      onSuccess: () => setWatching(c.id),
      onError: (e) => toast.error('Error', { description: e.message }),
    });

  const newButton = (
    <Button onClick={() => openForm(null)}>
      <Plus /> New Campaign
    </Button>
  );
  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} actions={newButton} />
      <CampaignStats />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="campaigns">Campaigns</TabsTrigger>
          <TabsTrigger value="templates">Templates</TabsTrigger>
          <TabsTrigger value="automations">Automations</TabsTrigger>
        </TabsList>
        <TabsContent value="campaigns">
          {campaigns.isPending ? (
            <RowsSkeleton rows={3} />
          ) : campaigns.isError ? (
            <ErrorState
              message="Failed to load campaigns"
              onRetry={() => campaigns.refetch()}
              retrying={campaigns.isFetching}
            />
          ) : list.length === 0 ? (
            <EmptyState
              icon={Megaphone}
              title={CAMPAIGN_MESSAGES.noCampaigns}
              description="Create your first campaign, or start from one of the templates."
              action={newButton}
            />
          ) : (
            <>
              <CampaignList
                campaigns={list}
                sendingId={send.isPending ? (send.variables ?? null) : null}
                onSend={sendNow}
                onDetails={(c) => setDetailsId(c.id)}
              />
              <LoadMore list={campaigns} />
            </>
          )}
        </TabsContent>
        <TabsContent value="templates">
          <TemplatesTab onUse={openForm} />
        </TabsContent>
        <TabsContent value="automations">
          <AutomationsTab />
        </TabsContent>
      </Tabs>
      <CampaignFormDialog open={formOpen} onOpenChange={setFormOpen} template={template} draft={draft} />
      <CampaignDetailsDialog campaign={details} onOpenChange={(open) => !open && setDetailsId(null)} />
    </>
  );
}
