# The api and worker image: one build, the role is chosen with ROLE at run time.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# The library's files (STORAGE_DRIVER=disk); docker-compose.yml mounts a volume here.
RUN mkdir -p var/storage && chown node:node var/storage
USER node
EXPOSE 3000
CMD ["node", "dist/app/backend/src/main.js"]
