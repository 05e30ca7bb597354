# One container serves every merchant. Build stage installs everything and builds the
# islands; the runtime stage keeps production dependencies only and runs as non-root.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run check:merchants

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    MERCHANTS_DIR=/app/merchants
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# tsx compiles the TypeScript at start-up and takes its JSX settings from tsconfig.json.
COPY tsconfig.json ./
COPY server ./server
COPY islands ./islands
COPY views ./views
COPY merchants ./merchants
COPY scripts/check-merchants.ts ./scripts/check-merchants.ts
USER node
EXPOSE 3000
# MERCHANTS_DIR can be a mounted volume: docker run -v /srv/merchants:/app/merchants:ro ...
VOLUME ["/app/merchants"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import=tsx", "server/main.ts"]
