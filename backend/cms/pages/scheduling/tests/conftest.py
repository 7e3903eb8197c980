import pytest

from cms.pages.scheduling import applying


@pytest.fixture(autouse=True)
def fresh_process_state():
    """Each test starts (and leaves the next test) knowing of no due change, as a new process."""
    applying.forget_next_due()
    yield
    applying.forget_next_due()
