#!/usr/bin/env bash
# Run every test: backend (pytest), components (Vitest), end to end (Playwright in Chromium).
# Uses SQLite unless DATABASE_URL points at another database (PostgreSQL in CI).
source "$(dirname "$0")/lib.sh"
"$ROOT/scripts/setup.sh" --browser
cd "$ROOT"

say "Checking the generated API types are current"
(cd frontend && npm run --silent check:api)

say "Backend tests ($([ -n "${DATABASE_URL:-}" ] && echo "DATABASE_URL" || echo "SQLite"))"
"$VENV/bin/pytest"

say "Component tests"
(cd frontend && npm test --silent)

say "End-to-end tests"
"$ROOT/scripts/e2e.sh"
