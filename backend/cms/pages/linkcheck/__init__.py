"""External links checked in the background (issue 33, item 4).

models.py     LinkCheck: one row per linked address, its last outcome and time
addresses.py  which addresses a check may connect to (no probing of the server's own network)
fetching.py   one address: HEAD then GET, redirects to a limit, loops, timeouts
pacing.py     many at once: bounded threads, a per-host rate, a deadline
rounds.py     one round: new addresses in, due ones claimed, checked, stored
tasks.py      the round as a task on the engine, kept queued by the workers
services.py   the broken external links, for the broken-link report
"""
