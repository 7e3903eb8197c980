"""The link checker's tests: local servers only, short timeouts, loopback allowed."""

import pytest

from cms.pages.linkcheck.tests.servers import serving


@pytest.fixture(autouse=True)
def checker_settings(settings):
    settings.CMS_LINK_CHECK_TIMEOUT = 0.3
    settings.CMS_LINK_CHECK_ALLOWED_NETWORKS = ["127.0.0.0/8"]
    settings.CMS_LINK_CHECK_PER_HOST_PER_SECOND = 1000.0
    settings.CMS_LINK_CHECK_CONCURRENCY = 4
    settings.CMS_LINK_CHECK_USER_AGENT = "TestChecker/1.0"
    return settings


@pytest.fixture
def server():
    with serving("127.0.0.1") as started:
        yield started


@pytest.fixture
def other_server():
    """A second host (127.0.0.2), for what differs between hosts."""
    with serving("127.0.0.2") as started:
        yield started
