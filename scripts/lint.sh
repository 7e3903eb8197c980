#!/usr/bin/env bash
# Static checks: ruff (lint and format), mypy, and the frontend's eslint, tsc and prettier.
source "$(dirname "$0")/lib.sh"
"$ROOT/scripts/setup.sh"
cd "$ROOT"
say "ruff"
"$VENV/bin/ruff" check backend bench scripts
"$VENV/bin/ruff" format --check backend bench scripts
say "mypy"
"$VENV/bin/mypy" backend
say "eslint, tsc, prettier"
(cd frontend && npm run --silent lint)
