import { eq } from 'drizzle-orm';
import {
  type AutomationSettings,
  type AutomationSettingsInput,
  automationSettingsSchema,
  DEFAULT_AUTOMATION_SETTINGS,
} from '../../../../shared/messaging';
import type { Database, DbOrTx } from '../../../db/client';
import { messagingSettings } from '../../../db/schema';
import { invalid } from '../../../http/errors';
import { ADDRESS_REQUIRED, senderOf } from '../campaign-send.service';

// The owner's automation switches (decisions 610–613); a business that never saved them has the defaults.

export async function getAutomationSettings(db: DbOrTx, businessId: string): Promise<AutomationSettings> {
  const [row] = await db.select().from(messagingSettings).where(eq(messagingSettings.businessId, businessId));
  if (!row) return DEFAULT_AUTOMATION_SETTINGS;
  return {
    reminder24h: row.reminder24h,
    reminder2h: row.reminder2h,
    reviewRequests: row.reviewRequests,
    reviewLink: row.reviewLink,
    winback: row.winback,
    winbackDays: row.winbackDays,
    winbackChannel: row.winbackChannel,
    winbackSubject: row.winbackSubject,
    winbackMessage: row.winbackMessage,
  };
}

export async function saveAutomationSettings(
  db: Database,
  businessId: string,
  input: AutomationSettingsInput,
) {
  const values = automationSettingsSchema.parse(input);
  // Win-back email is marketing: it must show the business's postal address (CAN-SPAM), as campaigns do.
  if (values.winback && values.winbackChannel === 'email' && !(await senderOf(db, businessId)).address)
    throw invalid(ADDRESS_REQUIRED);
  const row = { ...values, updatedAt: new Date() };
  await db
    .insert(messagingSettings)
    .values({ businessId, ...row })
    .onConflictDoUpdate({ target: messagingSettings.businessId, set: row });
  return getAutomationSettings(db, businessId);
}
