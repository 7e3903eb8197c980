"""No Django models: the search index is derived data that the database keeps up to date itself
(cms.search.index), so exports, imports and `flush` never see it as a table of its own."""
