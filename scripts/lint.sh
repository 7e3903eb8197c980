#!/usr/bin/env bash
# Static checks: ruff (lint and format), mypy, and the frontend's eslint, tsc and prettier.
source "$(dirname "$0")/lib.sh"
"$ROOT/scripts/setup.sh"
cd "$ROOT"
# The frontend's checks beside the Python ones: each is one process, so the two use both cores.
# Their output is held back and printed after the Python checks', so neither is interleaved.
frontend_log=$(mktemp)
trap 'rm -f "$frontend_log"' EXIT
(cd frontend && npm run --silent lint) > "$frontend_log" 2>&1 &
frontend=$!
# Chained by &&: under `|| status=$?` errexit is off, so a failure must stop the chain itself.
python_status=0
say "ruff" && "$VENV/bin/ruff" check backend bench scripts && "$VENV/bin/ruff" format --check backend bench scripts \
  && say "mypy" && "$VENV/bin/mypy" backend || python_status=$?
frontend_status=0
wait "$frontend" || frontend_status=$?
say "eslint, tsc, prettier"
cat "$frontend_log"
[ "$python_status" = 0 ] && [ "$frontend_status" = 0 ]
