#!/usr/bin/env bash
# Start the real server on a fresh database with the demo content and drive it with Playwright.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
# A free port unless told otherwise, so several runs (CI, a developer) never collide.
E2E_PORT="${E2E_PORT:-$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
work=$(mktemp -d)
export VAR_DIR="$work/var" MEDIA_ROOT="$work/var/media"
# Mail is written to files there, for the browser tests to read (passwordReset.spec.ts).
export EMAIL_URL="file://$work/mail" E2E_MAIL_DIR="$work/mail"
# The demo content links other sites: the browser tests never ask the internet.
export CMS_LINK_CHECKS=false
# The static files as `make run` serves them (hashed, compressed), collected once per change.
export STATIC_ROOT="$ROOT/var/static"
collect_static
export DJANGO_SUPERUSER_USERNAME=e2e-admin DJANGO_SUPERUSER_PASSWORD=e2e-password-1 DJANGO_SUPERUSER_EMAIL=e2e@example.com
if [ -n "${DATABASE_URL:-}" ]; then
  # A database of its own, next to the one the backend tests use.
  export DATABASE_URL="${DATABASE_URL%/*}/$(basename "${DATABASE_URL%%\?*}")_e2e"
  "$PY" scripts/pg_database.py create "$DATABASE_URL"
fi
(cd backend && "$PY" manage.py migrate --no-input -v0 && "$PY" manage.py seed_demo >/dev/null && "$PY" manage.py ensure_admin >/dev/null)

# An access line per request would bury the test report; the server errors still show.
CMS_ACCESS_LOG=false LOG_FORMAT=text "$VENV/bin/gunicorn" --chdir backend -c backend/config/gunicorn.conf.py config.wsgi \
  --bind "127.0.0.1:$E2E_PORT" --workers 2 --log-level warning &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do
  curl -fs -o /dev/null "http://127.0.0.1:$E2E_PORT/admin/login/" && break
  sleep 0.2
done

export BASE_URL="http://127.0.0.1:$E2E_PORT"
# A folder per run: parallel runs must not clean away each other's traces.
# Two parts (e2e/playwright.config.ts): the specs side by side on two workers, then the ones that
# read the tree's top-level rows, on one worker, beside the specs that never change a page. Both
# take the arguments (a --grep, files); a part they leave without tests passes, and
# e2e/database-smoke.txt's count check sees a title matching none.
# The arguments come first: --project takes every word after it, so a file named after it
# would be read as a project's name.
status=0
(cd e2e && npx playwright test "$@" --output "../test-output/e2e/run-$$" --pass-with-no-tests \
  --project waits --project "signed in") || status=$?
(cd e2e && npx playwright test "$@" --output "../test-output/e2e/run-$$-alone" --pass-with-no-tests \
  --project alone --project "signs in itself" --project "beside the alone ones") || status=$?
exit "$status"
