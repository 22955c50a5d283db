#!/usr/bin/env bash
# Installs, builds and starts SaniDok: one process serves the PWA and the API (default :3000),
# with the embedded SQLite database under ./data/.
source "$(dirname "$0")/lib.sh"
install_dependencies
build_all
say "SaniDok startet"
exec node apps/sync-server/dist/server.js
