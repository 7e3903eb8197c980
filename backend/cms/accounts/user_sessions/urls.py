from django.urls import path

from cms.accounts.user_sessions import views

urlpatterns = [path("admin/account/sessions/<dbid:session_id>/end", views.end, name="session_end")]
