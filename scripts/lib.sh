# Shared steps of start.sh and test.sh. Sourced, not run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PNPM_VERSION=12.21.0
# better-sqlite3 compiles against Node's headers in /usr/include/node (its prebuilt download is unreachable).
export npm_config_nodedir="${npm_config_nodedir:-/usr}"

# Each step with the minutes since the script started: CI's log then shows where its time went.
say() { printf '\n\033[1m==> %s\033[0m (nach %d:%02d min)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

ensure_pnpm() {
  if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
    say "pnpm $PNPM_VERSION wird installiert"
    npm install -g "pnpm@$PNPM_VERSION" --no-fund --no-audit
  fi
}

install_dependencies() {
  ensure_pnpm
  say "Abhängigkeiten werden installiert"
  pnpm install --frozen-lockfile
}

# Runs labelled commands side by side, each into its own log, printed whole once all have ended (no
# interleaved lines); fails when any failed. For steps without timeouts of their own (lint beside
# typecheck); tests with timeouts run one after the other (scripts/test.sh, docs/architecture.md
# "Build and run").
# Usage: run_together "label" "command" ["label" "command" ...]
run_together() {
  local dir labels=() pids=() failed=() i=0 status
  dir="$(mktemp -d /tmp/sanidok-steps.XXXXXX)"
  while [ "$#" -ge 2 ]; do
    labels+=("$1")
    bash -c "$2" >"$dir/$i.log" 2>&1 &
    pids+=("$!")
    i=$((i + 1))
    shift 2
  done
  say "Nebeneinander: ${labels[*]}"
  for i in "${!pids[@]}"; do
    status=0
    wait "${pids[$i]}" || status=$?
    say "${labels[$i]} (Exit-Code $status)"
    cat "$dir/$i.log"
    if [ "$status" -ne 0 ]; then failed+=("${labels[$i]}"); fi
  done
  rm -rf "$dir"
  if [ "${#failed[@]}" -gt 0 ]; then
    say "Fehlgeschlagen: ${failed[*]}"
    return 1
  fi
}

build_all() {
  say "PWA und Server werden gebaut"
  pnpm --filter @sanidok/pwa build
  pnpm --filter @sanidok/sync-server build
}

# PostgreSQL for the server tests on the second database. TEST_DATABASE_URL wins; else
# a server answering on 127.0.0.1:5432 with trust authentication (the test machines); else
# Debian's postgresql is installed and a throw-away cluster started on a free port, removed when
# the calling script exits. Sets TEST_DATABASE_URL.
ensure_test_postgres() {
  if [ -n "${TEST_DATABASE_URL:-}" ]; then return; fi
  # TEST_POSTGRES_THROWAWAY=1 skips the local server (to try the fresh-machine path).
  if [ -z "${TEST_POSTGRES_THROWAWAY:-}" ] && command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p 5432 \
    && psql -h 127.0.0.1 -p 5432 -U postgres -d postgres -Atqc 'select 1' >/dev/null 2>&1; then
    export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
    return
  fi
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    say "PostgreSQL wird installiert (apt)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
  fi
  local bin port dir
  bin="$(dirname "$(ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")"
  port=55432
  dir="$(mktemp -d /tmp/sanidok-pg.XXXXXX)"
  chown postgres "$dir" 2>/dev/null || true
  say "Wegwerf-PostgreSQL in $dir auf Port $port"
  # initdb refuses root: run as the postgres user when we are root.
  local as=()
  if [ "$(id -u)" = 0 ]; then as=(runuser -u postgres --); fi
  "${as[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --locale=C.UTF-8 -E UTF8 >/dev/null
  # fsync off: a throw-away cluster for tests, never for data that matters.
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" start >/dev/null
  TEST_PG_STOP="\"$bin/pg_ctl\" -D \"$dir/data\" -m immediate stop >/dev/null; rm -rf \"$dir\""
  if [ "$(id -u)" = 0 ]; then TEST_PG_STOP="runuser -u postgres -- $TEST_PG_STOP"; fi
  trap 'eval "$TEST_PG_STOP"' EXIT
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
}

# The test runners of `npm test` and `pnpm test:profile`: vitest on SQLite (every project), the
# build, the server's tests on PostgreSQL, Playwright. One after the other: side by side (tried
# 2026-11-24/25) the test runners oversubscribed the two cores and tests hit their timeouts
# (docs/architecture.md "Build and run"). A failure in one does not skip the next: the log shows
# every failure of the run. Each runner writes a JSON report to .test-timings/ (not below
# test-results/, which Playwright empties when it starts); the run
# ends with the slowest files of each (scripts/slowest.mjs).
run_test_steps() {
  local timings=".test-timings" failed=()
  rm -rf "$timings"
  mkdir -p "$timings"
  say "Unit- und Integrationstests (Server auf SQLite)"
  TEST_DATABASE_URL= pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$timings/1-vitest-sqlite.json" \
    || failed+=("Unit- und Integrationstests")
  build_all
  # The fuzzers take their quick counts on both databases (apps/sync-server/test/helpers/runCount.ts);
  # `pnpm test:deep` runs them in full.
  say "Servertests auf PostgreSQL"
  pnpm exec vitest run --project sync-server \
    --reporter=default --reporter=json --outputFile.json="$timings/2-vitest-postgres.json" || failed+=("Servertests auf PostgreSQL")
  say "End-to-End-Tests (Chromium)"
  E2E_JSON_REPORT="$timings/3-playwright.json" pnpm exec playwright test || failed+=("End-to-End-Tests")
  say "Langsamste Testdateien (auch in $timings/slowest.txt)"
  node scripts/slowest.mjs "$timings" || true
  if [ "${#failed[@]}" -gt 0 ]; then
    say "Fehlgeschlagen: ${failed[*]}"
    exit 1
  fi
  say "Alle Prüfungen bestanden"
}
