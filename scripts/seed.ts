// Creates the demo business and admin (idempotent): npm run seed
import { bootstrap } from '../src/server/bootstrap';
import { DEMO_ADMIN, DEMO_OWNER, seedDemo } from '../src/server/db/seed';
import { loadEnv, platformFeeOf } from '../src/server/env';

const env = loadEnv();
const { handle, db, auth } = await bootstrap(env);
const { created } = await seedDemo(db, auth, { platformFee: platformFeeOf(env) });
console.log(created ? 'Demo data created.' : 'Demo data already present; nothing changed.');
console.log(`  Business owner: ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
console.log(`  Platform admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
await handle.close();
