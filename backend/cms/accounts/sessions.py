"""Ending a user's sessions everywhere: what deactivating them needs.

Deactivation alone only refuses the user's requests while it lasts (the backend lets no inactive
user in): their sessions would be signed in again the moment they are reactivated, days later,
on whatever machine they were left open. So deactivating deletes them.

Sessions are kept in the database (and, with Redis, read from the cache in front of it: see
config/settings.py), keyed by a random key, not by user. The user a session belongs to is only
in its signed data, so the sessions that have not expired are read and decoded: deactivating is
rare, and an index of sessions by user would miss the keys Django cycles at sign-in and at a
password change.
"""

from importlib import import_module

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.utils import timezone

from cms.core.types import User

BATCH = 2000


def end_sessions(user: User) -> int:
    """Delete every unexpired session signed in as `user`, from the database and the cache in
    front of it; return how many there were. Inside the caller's transaction, the database rows
    go with the change that ends the access (the cache's copies are gone either way)."""
    store_class = import_module(settings.SESSION_ENGINE).SessionStore
    get_model_class = getattr(store_class, "get_model_class", None)
    if get_model_class is None:  # a store that can't be listed (signed cookies): nothing to delete
        return 0
    model = get_model_class()
    decoder = store_class()
    owner = user._meta.pk.value_to_string(user)  # how django.contrib.auth.login stores it
    rows = model.objects.filter(expire_date__gt=timezone.now()).values_list("session_key", "session_data")
    keys = [key for key, data in rows.iterator(chunk_size=BATCH) if decoder.decode(data).get(SESSION_KEY) == owner]
    for start in range(0, len(keys), BATCH):
        batch = keys[start : start + BATCH]
        model.objects.filter(session_key__in=batch).delete()
        if hasattr(store_class, "cache_key_prefix"):  # cached_db: the copies readers find first
            from django.core.cache import caches

            caches[settings.SESSION_CACHE_ALIAS].delete_many([store_class.cache_key_prefix + key for key in batch])
    return len(keys)
