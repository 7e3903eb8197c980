"""Scheduled changes (issue 20, item 6): services.py schedules, cancels and lists them; kept.py
says which fields of a payload change the page; applying.py makes them go live, once each;
tasks.py has the task engine's workers do so at their time (issue 33, item 6)."""
