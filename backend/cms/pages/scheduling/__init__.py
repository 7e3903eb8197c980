"""Scheduled changes (issue 20, item 6): services.py schedules, cancels and lists them; kept.py
says which fields of a payload change the page; applying.py makes them go live, once each;
ticker.py is the thread in every app process that does so every few seconds."""
