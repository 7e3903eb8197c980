#!/usr/bin/env bash
# Install everything the project needs, idempotently: a second run takes seconds.
#   scripts/setup.sh            Python packages, npm packages, the built admin frontend
#   scripts/setup.sh --browser  also Debian's Chromium and the end-to-end test packages
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
WITH_BROWSER=false
[ "${1:-}" = "--browser" ] && WITH_BROWSER=true

# --- Python: a virtualenv with the pinned requirements. Beside the npm installs and the build,
# which need none of it: on a fresh clone each keeps a core busy. Its output is held back and
# printed at the end, so neither is interleaved.
install_python() {
  if [ ! -x "$PY" ]; then
    say "Creating the Python virtualenv"
    python3 -m venv "$VENV"
  fi
  local want
  want=$(files_hash backend/requirements/*.txt)
  if [ "$(cat "$VENV/.requirements-hash" 2>/dev/null)" != "$want" ]; then
    say "Installing Python packages"
    "$PY" -m pip install --quiet --disable-pip-version-check -r backend/requirements/dev.txt
    echo "$want" > "$VENV/.requirements-hash"
  fi
}
python_log=$(mktemp) python_install=""
trap '[ -z "$python_install" ] || kill "$python_install" 2>/dev/null || true; rm -f "$python_log"' EXIT
install_python > "$python_log" 2>&1 &
python_install=$!

# --- npm packages, for the frontend and the end-to-end tests.
npm_install() {
  local dir=$1
  local want
  want=$(files_hash "$dir/package.json" "$dir/package-lock.json")
  if [ "$(cat "$dir/node_modules/.install-hash" 2>/dev/null)" != "$want" ]; then
    say "Installing npm packages in $dir"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    echo "$want" > "$dir/node_modules/.install-hash"
  fi
}
npm_install frontend

# --- Debian's Varnish: the tests start it in front of a test server (the full-page cache's purge).
if ! command -v varnishd >/dev/null 2>&1 && [ ! -x /usr/sbin/varnishd ]; then
  say "Installing Debian's Varnish for the full-page cache's tests"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq varnish >/dev/null
fi

# --- The admin bundle: rebuilt when any of its sources changed.
want=$(find frontend/src frontend/vite.config.ts frontend/tsconfig.json frontend/package.json \
  frontend/package-lock.json frontend/scripts/compress-assets.mjs -type f \
  | sort | xargs cat | sha256sum | cut -d' ' -f1)
if [ "$(cat frontend/dist/.build-hash 2>/dev/null)" != "$want" ] || [ ! -f frontend/dist/.vite/manifest.json ]; then
  say "Building the admin frontend"
  (cd frontend && npm run --silent build)
  echo "$want" > frontend/dist/.build-hash
fi

if $WITH_BROWSER; then
  if ! command -v chromium >/dev/null 2>&1; then
    say "Installing Debian's Chromium for the browser tests"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
  npm_install e2e
fi

python_status=0
wait "$python_install" || python_status=$?
cat "$python_log"
exit "$python_status"
