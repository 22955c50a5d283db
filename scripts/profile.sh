#!/usr/bin/env bash
# `pnpm test:profile`: the test steps of `npm test` without installing, lint and typecheck, on an
# installed checkout; writes each runner's JSON report to .test-timings/ and prints the 15
# slowest test files of each (scripts/slowest.mjs).
source "$(dirname "$0")/lib.sh"
ensure_test_postgres
run_test_steps
