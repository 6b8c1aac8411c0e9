# The HTTP API in a container: `docker build -t gaokao . && docker run -p 3000:3000 gaokao`.
# Build stage: the TypeScript compiled with the dev dependencies; run stage: production dependencies, the build,
# the embedded datasets, a non-root user, and `serve` run directly (never through npx, which does not pass SIGTERM
# on), so `docker stop` shuts it down cleanly.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

FROM node:24-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY bin ./bin
COPY datasets ./datasets
COPY --from=build /app/dist ./dist
# Feedback and tokens: a volume keeps them across containers.
ENV GAOKAO_HOME=/data
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/openapi.json').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "bin/gaokao.js", "serve", "--host", "0.0.0.0", "--port", "3000"]
