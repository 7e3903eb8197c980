#!/usr/bin/env bash
# Run every test: backend (pytest), components (Vitest), end to end (Playwright in Chromium).
# Uses SQLite unless DATABASE_URL points at another database (PostgreSQL in CI).
#
# TEST_ROUND=database runs only what another database can change, for CI's second round after a
# full one (.ci/run): the backend tests that touch the database (marked by backend/conftest.py,
# with a short schema fuzzing run) and the browser smoke set in e2e/database-smoke.txt. Vitest,
# the API-types check, the tests that touch no database and the other browser tests proved
# themselves in the full round and would prove nothing new.
source "$(dirname "$0")/lib.sh"
ROUND="${TEST_ROUND:-all}"
case "$ROUND" in
  all | database) ;;
  *) echo "TEST_ROUND is 'all' (the default) or 'database', not '$ROUND'" >&2; exit 2 ;;
esac
step "Installing what is missing" "$ROOT/scripts/setup.sh" --browser
cd "$ROOT"
# pytest-xdist: a process per core (each its own test database and SeaweedFS); 0 runs in one.
PYTEST_WORKERS="${PYTEST_WORKERS:-2}"
database=$([ -n "${DATABASE_URL:-}" ] && echo "DATABASE_URL" || echo "SQLite")

# e2e/database-smoke.txt as one --grep of whole titles; fails when a title matches no test (a
# renamed test would otherwise drop out of the smoke set unseen).
smoke_titles() {
  local titles count pattern found
  titles=$(sed -e '/^#/d' -e '/^[[:space:]]*$/d' e2e/database-smoke.txt)
  count=$(printf '%s\n' "$titles" | wc -l)
  pattern="($(printf '%s\n' "$titles" | sed 's/[][\.*^$(){}+?|/]/\\&/g' | paste -sd'|'))\$"
  # Listed besides them: the sign-in setup the signed-in tests depend on.
  found=$(cd e2e && npx playwright test --list --grep "$pattern" | grep -c ' › ' || true)
  if [ "$((found - 1))" != "$count" ]; then
    echo "e2e/database-smoke.txt: $count titles, but $((found - 1)) tests match" >&2
    return 1
  fi
  printf '%s' "$pattern"
}

if [ "$ROUND" = database ]; then
  # The full round's fuzzing covers the document; here the same boundary values (the coverage
  # phase, where database limits show) and a few generated requests per operation, and a few
  # generated move lists for the tree (cms/pages/tree/tests/test_page_move.py).
  step "Backend tests that touch the database ($database)" \
    env FUZZ_EXAMPLES="${FUZZ_EXAMPLES:-5}" "$VENV/bin/pytest" -n "$PYTEST_WORKERS" -m database
  smoke=$(smoke_titles)
  step "End-to-end smoke tests ($database)" "$ROOT/scripts/e2e.sh" --grep "$smoke"
  exit 0
fi

step "API types are current" npm --prefix frontend run --silent check:api

step "Backend tests ($database)" "$VENV/bin/pytest" -n "$PYTEST_WORKERS"
# After pytest, not beside it: on two loaded cores Vitest's timed tests (5 s limits, a 50 ms
# diff) failed, and beside pytest it saved about a minute.
step "Component tests (Vitest)" npm --prefix frontend test --silent

step "End-to-end tests ($database)" "$ROOT/scripts/e2e.sh"
