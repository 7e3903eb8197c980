"""Review before publishing (issue 32): changes that wait for a reviewer while the live page stays."""
