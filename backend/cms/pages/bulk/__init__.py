"""Bulk actions in the tree (issue 33, item 5; DESIGN.md §3 Links and bulk work).

`POST /admin/{locale}/bulk.json` checks the request as a whole (services.start_job: the action,
what it needs, the page ids) and stores a job (cms.pages.models.BulkJob) with one task on the
task engine to run it (tasks.run_bulk_job); `GET /admin/jobs/{id}.json` answers its progress.

The task writes the pages one at a time, in the order given, each in a transaction of its own
through the call an editor would make for that page alone (actions.py: the one unit of work,
the tree's move, the reviews' submit), as the job's creator: a page the creator may not change,
or that a rule of a save refuses, is `refused` with the message that call would answer, and the
others go on. Progress is stored in the page's transaction, so a killed worker's job resumes at
the first page without a result (tasks.py), and no page is written twice.
"""

# The most pages one job takes (a request naming more is refused whole, 422): a job's page list
# and results stay bounded, and 10,000 pages take minutes, not hours.
MAX_PAGES = 10_000
