#!/usr/bin/env bash
# Performance figures (BENCHMARKS.md): one line each, `name median unit [queries]`.
source "$(dirname "$0")/lib.sh"
"$ROOT/scripts/setup.sh" --browser
exec "$PY" "$ROOT/bench/run.py"
