"""Work each worker of the task engine does now and then beside the tasks it runs, named in
settings.CMS_WORKER_HOUSEKEEPING (dotted paths of functions without arguments), so the domain
apps' periodic work needs nothing an operator schedules and this app imports none of them: the
link checks keep a round queued (cms.pages.linkcheck.tasks.keep_checks_queued).
"""

import logging

from django.conf import settings
from django.db import DatabaseError
from django.utils.module_loading import import_string

logger = logging.getLogger("cms.background")


def run_housekeeping() -> None:
    """Call each function of CMS_WORKER_HOUSEKEEPING; one that fails does not stop the others."""
    for path in settings.CMS_WORKER_HOUSEKEEPING:
        try:
            import_string(path)()
        except DatabaseError:
            raise  # the database away: the caller waits and tries again
        except Exception:
            logger.exception("worker housekeeping %s failed", path)
