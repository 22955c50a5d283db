#!/usr/bin/env bash
# Installs what is missing (Debian's Chromium for Playwright, PostgreSQL, pnpm, dependencies) and
# runs every check: lint, typecheck, unit and integration tests (the server's on SQLite and on
# PostgreSQL), then end-to-end tests in Chromium. Ends with the slowest test files of each runner
# (docs/architecture.md "Build and run").
source "$(dirname "$0")/lib.sh"

if ! command -v chromium >/dev/null 2>&1 || ! command -v pdftotext >/dev/null 2>&1 || ! command -v sqlite3 >/dev/null 2>&1 || ! command -v pg_dump >/dev/null 2>&1 || ! command -v caddy >/dev/null 2>&1; then
  # sqlite3 and pg_dump: the backup drills of e2e/backupDrill.spec.ts use the tools docs/deployment.md
  # names; caddy: e2e/tlsProxy.spec.ts runs the server behind it with TLS.
  say "Chromium, poppler-utils, sqlite3, postgresql-client und caddy werden installiert (apt)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium poppler-utils sqlite3 postgresql-client caddy >/dev/null
fi

install_dependencies
ensure_test_postgres
run_together "Lint" "pnpm run lint" "Typprüfung" "pnpm run typecheck"
run_test_steps
