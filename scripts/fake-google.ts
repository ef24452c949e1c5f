import { startFakeGoogle } from '../src/server/test/fake-google-calendar';

// A local fake of Google's Calendar API and OAuth for trying Google Calendar sync without a Google account
// (decision 1252): `tsx scripts/fake-google.ts 4599`, then start the server with GOOGLE_CLIENT_ID=dev
// GOOGLE_CLIENT_SECRET=dev GOOGLE_API_BASE=http://127.0.0.1:4599. Its consent page connects at once.

const port = Number(process.argv[2] ?? 4599);
const fake = await startFakeGoogle({ port, account: 'owner@example.com' });
console.log(`Fake Google Calendar at ${fake.base}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
