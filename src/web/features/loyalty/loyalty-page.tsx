import { Coins, Gift, Plus, SlidersHorizontal, TrendingUp, Users } from 'lucide-react';
import { useState } from 'react';
import { LOYALTY_TEXT } from '../../../shared/loyalty.schemas';
import { type LoyaltyReward, useLoyaltySummary } from '../../api/loyalty';
import { FeatureGate } from '../../components/domain/feature-gate';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useErrorToast } from '../../lib/use-error-toast';
import { AdjustPointsDialog } from './adjust-points-dialog';
import { LoyaltyCustomersTab } from './loyalty-customers-tab';
import { LoyaltyTransactionsTab } from './loyalty-transactions-tab';
import { RewardDialog } from './reward-dialog';
import { RewardsTab } from './rewards-tab';

/** §2 /loyalty: four cards, tabs Customers / Rewards / Transactions, Adjust Points and New Reward dialogs. */
/** Loyalty is a Pro feature: Starter sees the upgrade card (the API answers 402 there). */
export function LoyaltyPage() {
  return (
    <FeatureGate
      feature="loyalty"
      title={
        <PageHeader
          title="Loyalty Program"
          description="Points your customers earn on every completed booking, tiers and the rewards they spend them on."
        />
      }
    >
      <LoyaltyScreen />
    </FeatureGate>
  );
}

function LoyaltyScreen() {
  const summary = useLoyaltySummary();
  useErrorToast(summary.isError, LOYALTY_TEXT.fetchFailed, summary.errorUpdatedAt);
  const [adjust, setAdjust] = useState<{ open: boolean; customerId?: string }>({ open: false });
  const [rewardDialog, setRewardDialog] = useState<{ open: boolean; reward: LoyaltyReward | null }>({
    open: false,
    reward: null,
  });
  const newReward = () => setRewardDialog({ open: true, reward: null });
  const s = summary.data;
  const cards = [
    { label: 'Total Members', value: s?.totalMembers, icon: Users },
    { label: 'Points Issued', value: s?.pointsIssued, icon: TrendingUp },
    { label: 'Points Redeemed', value: s?.pointsRedeemed, icon: Gift },
    { label: 'Avg. Points/Customer', value: s?.avgPointsPerCustomer, icon: Coins },
  ];

  return (
    <div>
      <PageHeader
        title="Loyalty Program"
        description="Points your customers earn on every completed booking, tiers and the rewards they spend them on."
        actions={
          <div className="flex flex-wrap gap-2 sm:flex-nowrap">
            <Button variant="outline" onClick={() => setAdjust({ open: true })}>
              <SlidersHorizontal /> Adjust Points
            </Button>
            <Button onClick={newReward}>
              <Plus /> New Reward
            </Button>
          </div>
        }
      />
      <section aria-label="Loyalty totals" className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {cards.map(({ label, value, icon: Icon }) => (
          <Card key={label} className="p-4 sm:p-5">
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium text-slate-600">{label}</p>
              <Icon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            </div>
            {summary.isPending ? (
              <Skeleton className="mt-2 h-8 w-16" />
            ) : (
              <p
                className="mt-2 text-2xl font-bold tabular-nums text-slate-900 sm:text-3xl"
                data-testid={`stat-${label}`}
              >
                {(value ?? 0).toLocaleString('en-US')}
              </p>
            )}
          </Card>
        ))}
      </section>
      <Tabs defaultValue="customers">
        <TabsList>
          <TabsTrigger value="customers">Customers</TabsTrigger>
          <TabsTrigger value="rewards">Rewards</TabsTrigger>
          <TabsTrigger value="transactions">Transactions</TabsTrigger>
        </TabsList>
        <TabsContent value="customers">
          <LoyaltyCustomersTab onAdjust={(customerId) => setAdjust({ open: true, customerId })} />
        </TabsContent>
        <TabsContent value="rewards">
          <RewardsTab onNew={newReward} onEdit={(reward) => setRewardDialog({ open: true, reward })} />
        </TabsContent>
        <TabsContent value="transactions">
          <LoyaltyTransactionsTab onAdjust={() => setAdjust({ open: true })} />
        </TabsContent>
      </Tabs>
      <AdjustPointsDialog
        open={adjust.open}
        customerId={adjust.customerId}
        onOpenChange={(open) => setAdjust((a) => ({ ...a, open }))}
      />
      <RewardDialog
        open={rewardDialog.open}
        reward={rewardDialog.reward}
        onOpenChange={(open) => setRewardDialog((d) => ({ ...d, open }))}
      />
    </div>
  );
}
