"""Types the apps share."""

from typing import TypeAlias

from django.contrib.auth import models as auth_models
from django.contrib.auth.models import AnonymousUser

# Who acts: the signed-in user a service is told about (`actor: User`), as the API hands it over
# (cms.core.http.AuthenticatedRequest.auth). It is the model AUTH_USER_MODEL names, which the
# project leaves at django.contrib.auth's own: were that ever swapped, this alias follows it.
User: TypeAlias = auth_models.User
# Whoever a request carries, signed in or not (`request.user`): what the permission checks read.
Visitor: TypeAlias = User | AnonymousUser
