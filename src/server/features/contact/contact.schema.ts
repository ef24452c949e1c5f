import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages sent through the public /contact form; each one is also mailed to the support address. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid().primaryKey().defaultRandom(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull(),
  subject: text().notNull(),
  message: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
