# Entry points; the work is done by scripts/ (see README.md).
.PHONY: run test lint bench api-types e2e

run:        ## install what is missing, migrate, seed the demo once, serve on 127.0.0.1:8000
	@scripts/run.sh

test:       ## every test: backend, components, end to end (SQLite, or DATABASE_URL)
	@scripts/test.sh

lint:       ## ruff, mypy, eslint, tsc, prettier
	@scripts/lint.sh

bench:      ## performance figures, one line each: name median unit
	@scripts/bench.sh

e2e:        ## only the end-to-end tests
	@scripts/setup.sh --browser && scripts/e2e.sh

api-types:  ## regenerate the OpenAPI document and the frontend's types from it
	@scripts/setup.sh && .venv/bin/python backend/manage.py export_openapi --output frontend/openapi.json \
		&& cd frontend && npm run --silent gen:api
