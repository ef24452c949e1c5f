# One ShineRoute instance (decision 1233). Build: docker build -t shineroute .
# Run several behind a load balancer on one PostgreSQL: each with the same DATABASE_URL and BETTER_AUTH_SECRET,
# PUBLIC_URL, TRUST_PROXY=true; route on /api/ready; stop with SIGTERM (it drains within SHUTDOWN_TIMEOUT_SECONDS).
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 SERVE_WEB=true DATA_DIR=/data SEED_DEMO=false
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
# Never root: the app needs nothing but its port and its data folder.
USER node
VOLUME /data
EXPOSE 3000
# Liveness; a load balancer routes on /api/ready instead.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "src/server/main.ts"]
