"""Translations kept in step (issue 22): which locales of a page fell behind their source."""
