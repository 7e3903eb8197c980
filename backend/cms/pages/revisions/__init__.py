"""Revisions of pages (issue 20): stored on every accepted save, listed, read, compared, restored
and pruned. `storage` says how they are kept; `recording` writes one per save."""
