# Tally as a container image. The entrypoint is the start path of `npm start` (node bin/tally.mjs
# serve), so the process that receives `docker stop`'s SIGTERM is Tally itself and stops
# gracefully. Node 24 is the primary runtime (package.json "engines"). Data lives in SQLite under
# /app/data unless DATABASE_URL names MySQL/MariaDB; mount a volume there to keep it.
#
#   docker build -t tally .
#   docker run -p 3000:3000 -v tally-data:/app/data -e DISCORD_TOKEN=… tally
FROM node:24-bookworm-slim

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=sqlite:/app/data/tally.sqlite

WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# The postinstall: satori's Arabic marks fixed, and a production install without the files
# production never reads (issue 31).
COPY scripts/patch-dependencies.mjs ./scripts/patch-dependencies.mjs
COPY scripts/prune-production.mjs ./scripts/prune-production.mjs
# better-sqlite3 and sharp (libvips, for contest images) ship prebuilt binaries inside npm
# packages: nothing is compiled or downloaded.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY tsconfig.json ./
COPY bin ./bin
COPY src ./src
COPY commands ./commands
COPY entities ./entities
COPY migrations ./migrations
COPY openapi ./openapi
RUN mkdir -p /app/data && chown node:node /app/data

USER node
EXPOSE 3000
VOLUME ["/app/data"]
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "bin/tally.mjs"]
CMD ["serve"]
