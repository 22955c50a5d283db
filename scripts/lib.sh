# Shared steps of start.sh and test.sh. Sourced, not run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PNPM_VERSION=12.21.0
# better-sqlite3 compiles against Node's headers in /usr/include/node (its prebuilt download is unreachable).
export npm_config_nodedir="${npm_config_nodedir:-/usr}"

say() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

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

build_all() {
  say "PWA und Server werden gebaut"
  pnpm --filter @sanidok/pwa build
  pnpm --filter @sanidok/sync-server build
}
