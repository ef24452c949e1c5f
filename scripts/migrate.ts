// Applies the generated migrations to DATABASE_URL or the embedded database: npm run db:migrate

import { join, resolve } from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';

const env = loadEnv();
const handle = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  directUrl: env.DATABASE_DIRECT_URL,
  dataDir: join(resolve(env.DATA_DIR), 'pglite'),
});
await handle.migrate();
console.log('Migrations applied.');
await handle.close();
