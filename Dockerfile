# Life Updates in a container. Build:  docker build -t life-updates .
# Run:  docker run -p 3000:3000 -v life-updates-data:/data life-updates   (or `docker compose up`, compose.yaml)
#
# BASE builds: Node 24 with npm on Debian bookworm (the official node:24-bookworm-slim). RUNTIME_BASE
# runs: plain Debian bookworm, to which only the node binary is copied, so the image carries neither
# npm nor Node's C headers (about 90 MB of node:24-bookworm-slim). scripts/container-check.sh builds
# stand-ins for both without a registry.
ARG BASE=node:24-bookworm-slim
ARG RUNTIME_BASE=debian:bookworm-slim

FROM ${BASE} AS build
# Only for a build behind a proxy with its own certificate authority: the bundle's path inside the
# build (pass it with --build-arg and mount the file). Never reaches the runtime image.
ARG NODE_EXTRA_CA_CERTS
WORKDIR /src
# Dependencies first, so a change to the sources reuses this layer.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app, the server compiled to plain JavaScript, the web app's .br / .gz copies (made here,
# because the running server may not write into the image), then only what runs goes to /runtime.
RUN npm run build \
  && npx tsx --eval "import { precompressWebAssets } from './packages/server/src/lib/precompress-web-assets.ts'; precompressWebAssets('packages/web/dist', console);" \
  && node scripts/runtime-modules.mjs /runtime

FROM ${RUNTIME_BASE}
# Node's binary is the whole runtime (it carries its own CA certificates, ICU and OpenSSL).
COPY --from=build /usr/local/bin/node /usr/local/bin/node
# The user the official node images have (uid 1000), and /data owned by it, created before VOLUME
# so that a new named volume starts owned by the user that writes to it.
RUN groupadd --gid 1000 node \
  && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
  && mkdir -p /data && chown node:node /data \
  && node --version
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=1048576 \
    UV_THREADPOOL_SIZE=8
WORKDIR /app
# Owned by root: the server cannot change its own code.
COPY --from=build /runtime/ ./
VOLUME /data
USER node
EXPOSE 3000
# /api/health answers while the process serves requests (/api/ready also checks the database and the job queue).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and handles SIGTERM itself (server.ts: stops accepting, finishes requests and jobs,
# closes the database) within 5 seconds, well inside `docker stop`'s 10.
# The V8 settings are `npm start`'s (scripts/build-server.mjs, docs/benchmarks.md).
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=256", "--liftoff-only", "packages/server/dist/server.js"]
