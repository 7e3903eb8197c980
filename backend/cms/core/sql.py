"""The core app's SQL: the health check's probe, the least a database answers (no table read)."""

PING = "SELECT 1"
