"""Running actions at the same moment in threads of their own (PostgreSQL concurrency tests)."""

import threading

from django.db import connections


def at_once(*actions: tuple[object, type[Exception]]) -> list[str]:
    """Run each action in its own thread, all at once; return each one's outcome, in the order
    the actions were given (not the order they finished in: a test reads outcome i as action i's)."""
    outcomes: list[str] = ["not finished"] * len(actions)
    start = threading.Barrier(len(actions))

    def run(index: int, action, refusal) -> None:
        try:
            start.wait()
            action()
            outcomes[index] = "done"
        except refusal:
            outcomes[index] = "refused"
        except BaseException as exc:  # an IntegrityError would land here
            outcomes[index] = repr(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index, *action)) for index, action in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes
