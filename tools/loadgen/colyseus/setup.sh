#!/usr/bin/env bash
# Installs the Colyseus reference server's npm packages (exact versions
# from package-lock.json) into tools/loadgen/colyseus/node_modules. Safe to run
# again: npm ci replaces node_modules with the same tree each time.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "setup.sh: node and npm are needed (Node 20 or newer)" >&2
  exit 1
fi
major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$major" -lt 20 ]; then
  echo "setup.sh: Node $(node --version) is too old: colyseus 0.16 needs Node 20 or newer" >&2
  exit 1
fi

# Options (no peer auto-install, no install scripts) come from .npmrc here.
npm ci --no-progress
node -e 'require("colyseus"); require("@colyseus/ws-transport")'
echo "setup.sh: colyseus installed in $(pwd)/node_modules"
