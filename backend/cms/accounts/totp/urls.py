"""The second step of a sign-in, and the sign-in itself (its view lives here: it stops half-way)."""

from django.urls import path

from cms.accounts.totp import views

urlpatterns = [
    path("admin/login/", views.LoginView.as_view(), name="login"),
    path("admin/login/two_factor/", views.second_step, name="two_factor_second_step"),
]
