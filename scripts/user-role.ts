// Grants (or with --remove, takes away) a platform role: npm run user:role -- someone@example.com admin
import { and, eq } from 'drizzle-orm';
import { bootstrap } from '../src/server/bootstrap';
import { user, userRoles } from '../src/server/db/schema';
import { loadEnv } from '../src/server/env';

const args = process.argv.slice(2);
const remove = args.includes('--remove');
const [email, role] = args.filter((a) => !a.startsWith('--'));
if (!email || (role !== 'admin' && role !== 'technician')) {
  console.error('Usage: npm run user:role -- <email> <admin|technician> [--remove]');
  process.exit(2);
}

const { handle, db } = await bootstrap(loadEnv());
try {
  const [found] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  if (!found) {
    console.error(`No account with the email ${email}. Sign up first, then grant the role.`);
    process.exitCode = 1;
  } else if (remove) {
    await db.delete(userRoles).where(and(eq(userRoles.userId, found.id), eq(userRoles.role, role)));
    console.log(`Removed the ${role} role from ${email}.`);
  } else {
    await db.insert(userRoles).values({ userId: found.id, role }).onConflictDoNothing();
    console.log(`${email} now has the ${role} role.`);
  }
} finally {
  await handle.close();
}
