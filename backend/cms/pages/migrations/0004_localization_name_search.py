"""Find pages by name fast on PostgreSQL: a trigram index over the upper-cased names, which is
what `name__icontains` compares (UPPER(name) LIKE UPPER('%text%')). SQLite scans instead."""

from django.db import migrations

CREATE = """
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'pg_trgm is not installed and this role may not install it: searches by name scan the table';
END $$;
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX IF NOT EXISTS localization_name_trgm
            ON pages_pagelocalization USING gin (UPPER(name::text) gin_trgm_ops);
    END IF;
END $$;
"""
DROP = "DROP INDEX IF EXISTS localization_name_trgm;"


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("pages", "0003_deleted_pages_after_shown")]

    operations = [migrations.RunPython(create, drop)]
