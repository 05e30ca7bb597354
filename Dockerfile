# One container serves every merchant. The build stage installs everything and builds
# dist/ (the islands, the static files and the server bundled into JavaScript); the runtime
# stage keeps production dependencies only, runs plain `node` (no TypeScript loader) as
# non-root, and refuses to start without UPSTREAM_URL unless SANDBOX=on is set.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && node dist/server/check-merchants.js merchants

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    HEALTH_PORT=9090 \
    MERCHANTS_DIR=/app/merchants \
    EVENTS_DIR=/app/events
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# package.json stays: the server finds its dist/ and its version from it.
COPY --from=build /app/dist ./dist
# The shared palette's defaults: every merchant's contrast is checked over them when it loads.
COPY static/css/app.css ./static/css/app.css
COPY merchants ./merchants
# The order events' outbox without Redis: a volume, so a new container delivers what the last one recorded.
RUN mkdir /app/events && chown node:node /app/events
# The edge's live heap is a few tens of MiB; without limits V8 lets a busy process's heap
# (and RSS) grow to several times that before collecting. scripts/bench.ts runs the edge
# with these same options.
ENV NODE_OPTIONS="--max-semi-space-size=8 --max-old-space-size=192"
USER node
# 9090: /healthz and /readyz, answered by a thread of their own (HEALTH_PORT).
EXPOSE 3000 9090
# MERCHANTS_DIR can be a mounted volume: docker run -v /srv/merchants:/app/merchants:ro ...
# and checked with: docker run --rm -v ...:/app/merchants:ro IMAGE node dist/server/check-merchants.js
VOLUME ["/app/merchants", "/app/events"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.HEALTH_PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
