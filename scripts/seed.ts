// Creates the demo business and admin (idempotent): npm run seed
import { bootstrap } from '../src/server/bootstrap';
import { DEMO_ADMIN, DEMO_OWNER, seedDemo } from '../src/server/db/seed';
import { loadEnv } from '../src/server/env';

const { handle, db, auth } = await bootstrap(loadEnv());
const { created } = await seedDemo(db, auth);
console.log(created ? 'Demo data created.' : 'Demo data already present; nothing changed.');
console.log(`  Business owner: ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
console.log(`  Platform admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
await handle.close();
