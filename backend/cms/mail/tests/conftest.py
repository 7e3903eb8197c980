from cms.mail.tests.smtp import smtp_server  # noqa: F401  (the fixture)
