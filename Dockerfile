# Life Updates in a container. Build:  docker build -t life-updates .
# Run:  docker run -p 3000:3000 -v life-updates-data:/data life-updates   (or `docker compose up`, compose.yaml)
#
# BASE is any image with Node 24 on Debian bookworm and a `node` user (uid 1000), as the official
# node image has; scripts/container-check.sh builds one without a registry.
ARG BASE=node:24-bookworm-slim

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

FROM ${BASE}
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# Owned by root: the server cannot change its own code.
COPY --from=build /runtime/ ./
# Created before VOLUME so a new named volume starts owned by the user that writes to it.
RUN mkdir -p /data && chown node:node /data
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
