"""Running actions at the same moment in threads of their own (PostgreSQL concurrency tests)."""

import threading

from django.db import connections


def at_once(*actions: tuple[object, type[Exception]]) -> list[str]:
    """Run each action in its own thread, all at once; return each one's outcome."""
    outcomes: list[str] = []
    start = threading.Barrier(len(actions))

    def run(action, refusal) -> None:
        try:
            start.wait()
            action()
            outcomes.append("done")
        except refusal:
            outcomes.append("refused")
        except BaseException as exc:  # an IntegrityError would land here
            outcomes.append(repr(exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=action) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes
