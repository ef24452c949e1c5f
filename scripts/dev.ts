// npm run dev: the API with reload on :3001 and Vite with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const vitePort = process.env.VITE_PORT ?? '5173';
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, SERVE_WEB: 'false', PUBLIC_URL: `http://localhost:${vitePort}` },
  }),
  spawn('npx', ['vite', '--port', vitePort], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
