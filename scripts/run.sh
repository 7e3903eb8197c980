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
# The production settings (config/gunicorn.conf.py), on the loopback and with two workers here;
# LOG_FORMAT=text reads better at a terminal than the JSON lines a log collector wants.
LOG_FORMAT="${LOG_FORMAT:-text}" exec "$VENV/bin/gunicorn" -c config/gunicorn.conf.py config.wsgi \
  --bind "127.0.0.1:$PORT" --workers "${WEB_CONCURRENCY:-2}" --log-level warning
