# syntax=docker/dockerfile:1
# The site as a container: built with the dev tools, run with only the built
# output. See docs/operations.md.

# ---- build: client bundle, hashed and pre-compressed assets, server bundle (dist/)
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY content ./content
COPY scripts ./scripts
COPY shared ./shared
COPY client ./client
COPY server ./server
RUN npm run build

# ---- runtime
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# The production dependencies (express, react, pino, ...) are bundled into
# dist/server by scripts/build/build.ts, so no node_modules is needed here.
# Owned by root and read-only to the server: it cannot rewrite its own code.
# All of dist/ is read at run time, some of it only when a setting asks:
# server/ (tracing.js with tracing on, the source maps with
# NODE_OPTIONS=--enable-source-maps), client/ (each asset with its .br and its
# .gz, sent by what the client accepts), editor/ (with EDITOR_GITHUB_REPO).
COPY --from=build /app/dist ./dist
# For "type": "module", which makes dist/server/main.js an ES module.
COPY package.json ./
# The base image's node user, by number, so that Kubernetes can check runAsNonRoot
# against it (deploy/kubernetes/deployment.yaml runs as the same ids).
USER 1000:1000
EXPOSE 3000
# The slim image has no curl; node's fetch asks the same process a load balancer would.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm or a shell, so that `docker stop`'s SIGTERM reaches the server.
CMD ["node", "dist/server/main.js"]
