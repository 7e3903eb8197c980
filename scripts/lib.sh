# Shared helpers for the project's scripts (sourced, not run).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"
# Python keeps what it compiles (the __pycache__ folders git ignores), even where the machine says
# not to: without, every pytest worker compiled and rewrote every test module again (collection
# 25 s against 9 s on 2 cores), and every server, command and child process every module it loads.
unset PYTHONDONTWRITEBYTECODE
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

# Run a step and say how long it took. With STEP_TIMES set (.ci/run), also append
# "start<TAB>seconds<TAB>depth<TAB>name" to that file for the run's closing summary; depth counts
# the steps this one runs inside.
step() {
  local name=$1 began=$EPOCHREALTIME start=$SECONDS status=0
  shift
  say "$name"
  STEP_DEPTH=$((${STEP_DEPTH:-0} + 1)) "$@" || status=$?
  say "$name: $((SECONDS - start)) s$([ "$status" = 0 ] || echo ", failed ($status)")"
  if [ -n "${STEP_TIMES:-}" ]; then
    printf '%s\t%s\t%s\t%s\n' "$began" "$((SECONDS - start))" "${STEP_DEPTH:-0}" "$name" >> "$STEP_TIMES"
  fi
  return "$status"
}

# Hash of the given files' contents: a change re-runs an install step, no change skips it.
files_hash() { cat "$@" 2>/dev/null | sha256sum | cut -d' ' -f1; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Django's static files (cms/core/static_files.py): written again under hashed names with Brotli
# and gzip copies, when any of them, the admin build or the Python packages changed.
collect_static() {
  local root="${STATIC_ROOT:-${VAR_DIR:-$ROOT/var}/static}"
  local want
  want=$( { find "$ROOT/backend/cms" -path '*/static/*' -type f | sort | xargs cat
            cat "$ROOT/frontend/dist/.build-hash" "$VENV/.requirements-hash" \
              "$ROOT/backend/cms/core/static_files.py" 2>/dev/null || true; } | sha256sum | cut -d' ' -f1)
  if [ "$(cat "$root/.collected-hash" 2>/dev/null)" != "$want" ]; then
    say "Collecting static files"
    (cd "$ROOT/backend" && STATIC_ROOT="$root" "$PY" manage.py collectstatic --no-input -v0)
    echo "$want" > "$root/.collected-hash"
  fi
}
