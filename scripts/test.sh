#!/usr/bin/env bash
# Installs what is missing (Debian's Chromium for Playwright, PostgreSQL, pnpm, dependencies) and
# runs every check: lint, typecheck, unit and integration tests (the server's on SQLite and on
# PostgreSQL), then end-to-end tests in Chromium.
source "$(dirname "$0")/lib.sh"

if ! command -v chromium >/dev/null 2>&1 || ! command -v pdftotext >/dev/null 2>&1 || ! command -v sqlite3 >/dev/null 2>&1 || ! command -v pg_dump >/dev/null 2>&1; then
  # sqlite3 and pg_dump: the backup drills of e2e/backupDrill.spec.ts use the tools docs/deployment.md names.
  say "Chromium, poppler-utils, sqlite3 und postgresql-client werden installiert (apt)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium poppler-utils sqlite3 postgresql-client >/dev/null
fi

install_dependencies
ensure_test_postgres
run_together "Lint" "pnpm run lint" "Typprüfung" "pnpm run typecheck"
say "Unit- und Integrationstests (Server auf SQLite)"; TEST_DATABASE_URL= pnpm exec vitest run
build_all
# One after the other: side by side (tried 2026-11-24/25) the two oversubscribed the two cores;
# on a machine 1.6× slower than the day before the pair took 28 min and two PostgreSQL tests hit
# their 20 s timeout (docs/architecture.md "Build and run"). The fuzzers ran in full on SQLite
# above; on PostgreSQL a quarter of their runs looks for what only PostgreSQL refuses (a NUL byte
# in text, an integer beyond int4).
# A failure in the first does not skip the second: CI's log shows every failure of the run.
failed=()
say "Servertests auf PostgreSQL"
FUZZ_RUNS=2500 FUZZ_MUTATION_RUNS=40 FUZZ_ROUTE_RUNS=8 pnpm exec vitest run --project sync-server || failed+=("Servertests auf PostgreSQL")
say "End-to-End-Tests (Chromium)"
pnpm exec playwright test || failed+=("End-to-End-Tests")
if [ "${#failed[@]}" -gt 0 ]; then
  say "Fehlgeschlagen: ${failed[*]}"
  exit 1
fi
say "Alle Prüfungen bestanden"
