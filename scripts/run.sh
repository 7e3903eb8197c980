#!/usr/bin/env bash
# Install what is missing, prepare the database and demo content, and serve the back office.
source "$(dirname "$0")/lib.sh"
"$ROOT/scripts/setup.sh"
collect_static
cd "$ROOT/backend"
PORT="${PORT:-8000}"
say "Migrating the database"
"$PY" manage.py migrate --no-input -v0
"$PY" manage.py seed_demo
# Migrations and hand edits change pages without the services that invalidate cached reads.
"$PY" manage.py shell -v 0 -c "from django.core.cache import cache; cache.clear()"
login=$("$PY" manage.py ensure_admin)
say "Serving the back office at http://127.0.0.1:$PORT/admin/"
echo "$login"
exec "$VENV/bin/gunicorn" config.wsgi --bind "127.0.0.1:$PORT" --workers "${WEB_CONCURRENCY:-2}" \
  --access-logfile - --log-level warning
