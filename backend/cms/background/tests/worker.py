"""A worker of the task engine run in the test process (or the bench's)."""

from django_tasks_db.management.commands.db_worker import Worker


def run_queued_tasks() -> None:
    """Run every task that is due, in this process, as a worker would; return when none is left.

    The worker closes connections it finds in a transaction between tasks (a worker's own never is);
    here that transaction is the test's, which must stay open, so that housekeeping is left out."""
    from django_tasks_db.management.commands import db_worker

    keep = db_worker.close_old_connections
    db_worker.close_old_connections = lambda: None  # type: ignore[assignment]
    try:
        _batch_worker().run()
    finally:
        db_worker.close_old_connections = keep


def _batch_worker() -> Worker:
    return Worker(
        queue_names=["default"],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id="test-worker",
        excluded_queue_names=[],
    )
