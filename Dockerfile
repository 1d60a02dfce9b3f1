# Threadswap's container image (README § Operating). src/server/container.test.ts runs this file's
# build-stage RUN lines and its CMD in a clean clone of the repository, so keep every build step a
# RUN line of the first stage and the start command in CMD.

# Build: every dependency (the client build needs the dev ones), then the client and the server
# bundle, then only the production dependencies and the PGlite templates a first start copies.
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The project's postinstall builds from the sources, which are not copied yet: it runs below.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npx tsx scripts/ensure-build.ts
RUN npm prune --omit=dev --ignore-scripts --no-audit --no-fund
RUN npx tsx scripts/prepare-pglite.ts

# Run: the same files at the same path (the server bundle finds its migrations and catalogues by
# absolute path), as the unprivileged `node` user, with the data under /data.
FROM node:22-slim
ENV NODE_ENV=production PORT=5000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=64", "dist/server/main.mjs"]
