# Junction: the API, the dashboard and (unless JUNCTION_ROLE=web) the background jobs in one image.
#   docker build -t junction .                 (BASE defaults to the official Node 20 image)
#   docker run -p 3000:3000 -v junction-data:/data junction
# BASE may be any Debian bookworm image with Node 20 and npm on the PATH; the container test builds
# its own from debootstrap (scripts/container/base-image.sh) because no image registry is reachable there.
ARG BASE=node:20-bookworm-slim

FROM ${BASE} AS build
# Marks the build stage's image, which the classic builder keeps (untagged) after a build: the
# container test removes it by this label instead of leaving gigabytes behind on every run.
LABEL junction.stage=build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CI=true
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund --loglevel=error
COPY . .
# The dashboard, the compiled server/worker/CLI and the ready-made embedded database; then only
# what runs in production stays.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund --loglevel=error \
 && rm -rf .next/cache tests e2e bench docs

FROM ${BASE}
WORKDIR /app
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072 NEXT_TELEMETRY_DISABLED=1 PORT=3000 JUNCTION_DATA_DIR=/data
# A user of its own: the process never runs as root, and only it can read the data volume.
RUN groupadd --system --gid 10001 junction \
 && useradd --system --uid 10001 --gid junction --home-dir /app --shell /usr/sbin/nologin junction \
 && mkdir -p /data && chown junction:junction /data && chmod 0700 /data
COPY --from=build --chown=root:root /app /app
# The ready-made embedded database is copied into /data at first start; its files are private (0600),
# so they belong to the user that copies them. The code itself stays root's and read-only to the app.
RUN chown -R junction:junction /app/dist/pglite-template
USER junction
VOLUME ["/data"]
EXPOSE 3000
# Ready means the database answers and migrations are current (GET /api/health/ready).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself is PID 1's child-free process: SIGTERM reaches the server, which drains within
# JUNCTION_SHUTDOWN_TIMEOUT_MS (default 10 s); Docker waits --stop-timeout (default 10 s, raise it with the timeout).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=8", "dist/server.mjs"]
