"""The SECRET_KEY generated for a local run is kept in a file only its owner can read."""

import stat


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_generated_key_file_is_owner_only_whatever_the_umask(django_process):
    key = django_process.settings("SECRET_KEY", umask=0)["SECRET_KEY"]
    key_file = django_process.var_dir / "secret_key"
    assert mode(key_file) == 0o600
    assert key_file.read_text() == key and len(key) >= 50


def test_the_key_file_is_reused_by_later_runs(django_process):
    first = django_process.settings("SECRET_KEY")["SECRET_KEY"]
    assert django_process.settings("SECRET_KEY")["SECRET_KEY"] == first


def test_an_existing_key_file_others_could_read_is_tightened(django_process):
    key_file = django_process.var_dir / "secret_key"
    key_file.parent.mkdir(parents=True)
    key_file.write_text("an-existing-key-" * 4)
    key_file.chmod(0o644)
    assert django_process.settings("SECRET_KEY")["SECRET_KEY"] == "an-existing-key-" * 4
    assert mode(key_file) == 0o600


def test_no_file_is_written_when_the_environment_gives_the_key(django_process):
    assert django_process.settings("SECRET_KEY", SECRET_KEY="k" * 50)["SECRET_KEY"] == "k" * 50
    assert not (django_process.var_dir / "secret_key").exists()
