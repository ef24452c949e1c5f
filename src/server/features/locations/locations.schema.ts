import { foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/auth.schema';
import { locations, profiles } from '../../db/domain.schema';

/** The technicians a (non-primary) location's jobs are given to; the primary location has everyone else. */
export const locationTechnicians = pgTable(
  'location_technicians',
  {
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    locationId: uuid().notNull(),
    technicianId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.technicianId] }),
    foreignKey({
      name: 'location_technicians_location_tenant_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }).onDelete('cascade'),
    index('location_technicians_business_id_idx').on(t.businessId),
    index('location_technicians_technician_id_idx').on(t.technicianId),
  ],
);
