"""Create (afresh) or drop the PostgreSQL database a URL names: pg_database.py create|drop URL."""

import sys
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import sql

action, url = sys.argv[1], urlsplit(sys.argv[2])
name = url.path.lstrip("/")
with psycopg.connect(urlunsplit(url._replace(path="/postgres")), autocommit=True) as connection:
    connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
    if action == "create":
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
