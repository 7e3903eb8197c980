"""Your sessions: where you are signed in (browser, address, when), and ending any of them. An
index of sessions by user, kept at sign-in, so listing them never decodes every session."""
