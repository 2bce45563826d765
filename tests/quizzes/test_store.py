"""The progress store: where it lives, what it keeps, and how it fails safely."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

import mj_trainer.quizzes.store as store_mod
import mj_trainer.quizzes.store_schema as schema_mod
from mj_trainer.quizzes.grading import grade
from mj_trainer.quizzes.questions import PatternsAnswer, QuestionKind, YesNoAnswer
from mj_trainer.quizzes.review import Reviewer
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource
from mj_trainer.quizzes.store import (
    SCHEMA_VERSION,
    AnswerRecord,
    CorruptDatabaseError,
    ForeignDatabaseError,
    NewerDatabaseError,
    ProgressStore,
    SetPosition,
    StoreError,
    data_dir,
)
from tests.quizzes import hands as H
from tests.quizzes.conftest import qhand, question

ROOT = Path(__file__).resolve().parents[2]


def _snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of a folder with its bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _record(seq: int, answer: PatternsAnswer, when: datetime, text: str = H.WINDS
            ) -> AnswerRecord:
    g = grade(question(text), answer)
    return AnswerRecord.from_grade(seq, g, answered_at=when)


# --------------------------------------------------------------------------- location


def test_data_dir_argument_then_environment_then_platform(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MJ_TRAINER_DATA_DIR", str(tmp_path / "env"))
    assert data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert data_dir() == tmp_path / "env"
    monkeypatch.delenv("MJ_TRAINER_DATA_DIR")
    from platformdirs import user_data_dir

    assert data_dir() == Path(user_data_dir("mj-trainer", appauthor=False))


def test_store_opens_in_the_environment_directory(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MJ_TRAINER_DATA_DIR", str(tmp_path / "deep" / "dir"))
    with ProgressStore.open() as s:
        assert s.path == tmp_path / "deep" / "dir" / "progress.sqlite3"
    assert s.path.is_file()


def test_a_new_store_has_the_current_schema_in_wal_mode(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as s:
        assert s.schema_version == SCHEMA_VERSION
    conn = sqlite3.connect(tmp_path / "progress.sqlite3")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("SELECT value FROM meta WHERE key = 'app'").fetchone()[0] == "mj-trainer"
    conn.close()


# --------------------------------------------------------------------------- contents


def test_rounds_answers_and_statistics(tmp_path: Path) -> None:
    t0 = datetime(2024, 5, 10, 9, 0, tzinfo=UTC)
    with ProgressStore.open(tmp_path) as s:
        rid = s.start_round(source="hands", source_name="test", ruleset="mj-score-eval",
                            kinds=["patterns"], planned=3, now=t0)
        right = PatternsAnswer.of(H.WINDS_COUNTED, H.WINDS_TOTAL)
        under = PatternsAnswer.of({**H.WINDS_COUNTED, "8.1.1": 2}, H.WINDS_TOTAL)
        s.record_answer(rid, _record(1, right, t0 + timedelta(minutes=1)))
        s.record_answer(rid, _record(2, under, t0 + timedelta(minutes=2)))
        s.record_answer(rid, _record(3, right, t0 + timedelta(minutes=3)))
        wind = s.stats_for("pattern:8.1.1")
        assert wind is not None
        # right, wrong, right: 3 attempts, 2 right, streak 1, best streak 1.
        assert (wind.attempts, wind.correct, wind.streak, wind.best_streak) == (3, 2, 1, 1)
        assert wind.accuracy == pytest.approx(2 / 3)
        assert wind.last_seen == t0 + timedelta(minutes=3)
        assert wind.first_seen == t0 + timedelta(minutes=1)
        three = s.stats_for("pattern:8.1.3")
        assert three is not None and (three.attempts, three.streak, three.best_streak) == (3, 3, 3)
        family = s.stats_for("family:8.1")
        assert family is not None and family.correct == 2
        assert [x.ref for x in s.missed_most("pattern")] == ["8.1.1"]
        assert [x.ref for x in s.missed_most("family")] == ["8.1"]
        answers = s.answers(rid)
        assert [a.seq for a in answers] == [1, 2, 3]
        assert answers[1].answer == {"patterns": {**H.WINDS_COUNTED, "8.1.1": 2},
                                     "total": H.WINDS_TOTAL}
        assert answers[1].mistakes == [{"kind": "miscounted", "pattern_id": "8.1.1",
                                        "rule_id": "8.1.1"}]
        assert answers[1].items["pattern:8.1.1"] is False
        record = s.finish_round(rid, now=t0 + timedelta(minutes=4))
        assert record.answered == 3 and record.correct == 2
        assert record.score == pytest.approx(2 + 0.6 * 6 / 7 + 0.4)


def test_day_streak(tmp_path: Path) -> None:
    def noon(d: date) -> datetime:
        return datetime(d.year, d.month, d.day, 12, 0).astimezone()  # local noon

    days = [date(2024, 3, 1), date(2024, 3, 2), date(2024, 3, 3), date(2024, 3, 5),
            date(2024, 3, 6)]
    answer = PatternsAnswer.of(H.WINDS_COUNTED, H.WINDS_TOTAL)
    with ProgressStore.open(tmp_path) as s:
        rid = s.start_round(source="hands", source_name="t", ruleset="mj-score-eval",
                            kinds=["patterns"], planned=len(days))
        for i, d in enumerate(days, start=1):
            s.record_answer(rid, _record(i, answer, noon(d)))
        # Runs: 1-3 March (3 days) and 5-6 March (2 days).
        assert s.day_streak(date(2024, 3, 6)) == store_mod.DayStreak(2, 3, 5, True)
        # The next day, before practising, yesterday still keeps the streak alive.
        assert s.day_streak(date(2024, 3, 7)) == store_mod.DayStreak(2, 3, 5, False)
        assert s.day_streak(date(2024, 3, 8)).current == 0
    with ProgressStore.open(tmp_path / "empty") as s:
        assert s.day_streak() == store_mod.DayStreak(0, 0, 0)


def test_a_day_of_skipped_questions_only_is_not_practice(tmp_path: Path) -> None:
    """Home said "Today practised ✔" and counted a streak after one skipped question
    (seen on a learner's walk): a skip keeps no answer, and is no practice."""
    morning = datetime(2024, 3, 6, 9, 0).astimezone()
    with ProgressStore.open(tmp_path) as s:
        rid = s.start_round(source="hands", source_name="t", ruleset="mj-score-eval",
                            kinds=["patterns"], planned=2)
        skipped = AnswerRecord.from_grade(1, grade(question(H.WINDS), None),
                                          answered_at=morning)
        assert skipped.answer is None
        s.record_answer(rid, skipped)
        assert s.day_streak(date(2024, 3, 6)) == store_mod.DayStreak(0, 0, 0)
        answer = PatternsAnswer.of(H.WINDS_COUNTED, H.WINDS_TOTAL)
        s.record_answer(rid, _record(2, answer, morning + timedelta(minutes=1)))
        assert s.day_streak(date(2024, 3, 6)) == store_mod.DayStreak(1, 1, 1, True)


def test_set_positions(store: ProgressStore) -> None:
    assert store.set_progress("x") is None
    store.save_set_position(SetPosition("x", 3, 10, "shuffled", 42))
    p = store.set_progress("x")
    assert p is not None and (p.position, p.size, p.order, p.seed) == (3, 10, "shuffled", 42)
    assert not p.finished
    assert [q.set_name for q in store.all_set_progress()] == ["x"]


def test_a_failed_write_leaves_nothing_behind(store: ProgressStore) -> None:
    rid = store.start_round(source="hands", source_name="t", ruleset="mj-score-eval",
                            kinds=["patterns"], planned=2)
    record = _record(1, PatternsAnswer.of({}, 0), datetime.now(UTC))
    store.record_answer(rid, record)
    with pytest.raises(sqlite3.IntegrityError):
        store.record_answer(rid, record)  # the same question twice: refused as a whole
    assert len(store.answers()) == 1
    stats = store.stats_for("pattern:8.1.1")
    assert stats is not None and stats.attempts == 1


# --------------------------------------------------------------------------- a killed process

CHILD = textwrap.dedent(
    """
    import time
    from mj_trainer.quizzes.questions import QuestionKind
    from mj_trainer.quizzes.round import Round, RoundSettings, curated_source
    from mj_trainer.quizzes.sources import QuizHand
    from mj_trainer.quizzes.store import ProgressStore

    hands = [QuizHand.from_notation(f"k-{i}", HAND_TEXT) for i in range(1, 9)]
    store = ProgressStore.open()
    source = curated_source("kill-test", hands, store=store)
    rnd = Round(source, RoundSettings(kinds=(QuestionKind.IS_WIN,), length=8), recorder=store)
    for n in range(1, 4):
        q = rnd.ask()
        rnd.answer(q.expected())
        print("answered", n, flush=True)
    rnd.ask()  # the fourth question is on screen when the process dies
    print("waiting", flush=True)
    time.sleep(120)
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_answers_survive_a_killed_process(tmp_path: Path) -> None:
    env = {**os.environ, "MJ_TRAINER_DATA_DIR": str(tmp_path),
           "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    # Hands that are not a win: an "is it a win?" answer on one trains Illegal Call.
    code = CHILD.replace("HAND_TEXT", repr(H.NO_WIN))
    child = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    lines = []
    try:
        for line in child.stdout:
            lines.append(line.strip())
            if line.strip() == "waiting":
                break
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert lines == ["answered 1", "answered 2", "answered 3", "waiting"], (
        child.stderr.read() if child.stderr else "")
    assert child.returncode == -signal.SIGKILL
    with ProgressStore.open(tmp_path) as s:
        answers = s.answers()
        assert [(a.hand_id, a.correct) for a in answers] == [
            ("k-1", True), ("k-2", True), ("k-3", True)]
        (record,) = s.rounds()
        assert record.answered == 3 and record.planned == 8 and not record.finished
        progress = s.set_progress("kill-test")
        assert progress is not None and progress.position == 3  # resumes at k-4
        stats = s.stats_for("pattern:1.7")  # "is it a win?" trains the Illegal Call rule
        assert stats is not None and stats.attempts == 3
        assert s.card("pattern:1.7") is not None


# --------------------------------------------------------------------------- refusing bad files


def _make_store(folder: Path) -> Path:
    with ProgressStore.open(folder) as s:
        rnd = Round(ListSource([qhand(H.CHOWS, f"h-{i}") for i in range(20)]),
                    RoundSettings(kinds=(QuestionKind.PATTERNS,), length=20), recorder=s)
        while (q := rnd.ask()) is not None:
            rnd.answer(q.expected())
        return s.path


def _assert_refused(folder: Path, error: type[StoreError]) -> StoreError:
    before = _snapshot(folder)
    with pytest.raises(error) as info:
        ProgressStore.open(folder)
    assert _snapshot(folder) == before  # nothing changed, nothing added or removed
    assert str(folder / "progress.sqlite3") in str(info.value)
    return info.value


def test_a_file_that_is_not_a_database_is_reported_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / "progress.sqlite3").write_bytes(b"these are my notes, not a database\n" * 50)
    err = _assert_refused(tmp_path, CorruptDatabaseError)
    assert "not an SQLite database" in str(err)


def test_a_damaged_database_is_reported_and_left_alone(tmp_path: Path) -> None:
    path = _make_store(tmp_path)
    data = path.read_bytes()
    assert len(data) > 3 * 4096
    # Keep the header page, wipe the rest with garbage.
    path.write_bytes(data[:4096] + b"\xa5" * (len(data) - 4096))
    err = _assert_refused(tmp_path, CorruptDatabaseError)
    assert "damaged" in str(err)


def test_a_truncated_database_is_reported_and_left_alone(tmp_path: Path) -> None:
    path = _make_store(tmp_path)
    path.write_bytes(path.read_bytes()[:60])
    _assert_refused(tmp_path, CorruptDatabaseError)


def test_a_newer_database_is_reported_and_left_alone(tmp_path: Path) -> None:
    path = _make_store(tmp_path)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    err = _assert_refused(tmp_path, NewerDatabaseError)
    assert isinstance(err, NewerDatabaseError)
    assert (err.found, err.supported) == (SCHEMA_VERSION + 1, SCHEMA_VERSION)
    assert "newer" in str(err)


def test_another_programs_database_is_reported_and_left_alone(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "progress.sqlite3")
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.commit()
    conn.close()
    _assert_refused(tmp_path, ForeignDatabaseError)
    conn = sqlite3.connect(tmp_path / "progress.sqlite3")
    conn.execute("PRAGMA user_version = 1")
    conn.close()
    _assert_refused(tmp_path, ForeignDatabaseError)


def test_an_empty_file_becomes_a_new_store(tmp_path: Path) -> None:
    (tmp_path / "progress.sqlite3").write_bytes(b"")
    with ProgressStore.open(tmp_path) as s:
        assert s.schema_version == SCHEMA_VERSION


# --------------------------------------------------------------------------- migrations


def _version_1(path: Path) -> None:
    """A database as version 1 of the schema left it, with some history."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    schema_mod.MIGRATIONS[0](conn, Reviewer())
    conn.execute("PRAGMA user_version = 1")
    conn.execute(
        "INSERT INTO rounds (id, started_at, source, source_name, ruleset, kinds, planned) "
        "VALUES (1, '2024-01-01T10:00:00.000000Z', 'hands', 'old', 'mj-score-eval', "
        "'patterns', 4)")
    rows = [
        # answer id, seq, time, item, ok: 1.3 right on three days, 8.1.1 missed.
        (1, 1, "2024-01-01T10:00:00.000000Z", "pattern:1.3", 1),
        (2, 2, "2024-01-02T10:00:00.000000Z", "pattern:1.3", 1),
        (3, 3, "2024-01-05T10:00:00.000000Z", "pattern:1.3", 1),
        (4, 4, "2024-01-05T10:01:00.000000Z", "pattern:8.1.1", 0),
    ]
    for aid, seq, at, item, ok in rows:
        conn.execute(
            "INSERT INTO answers (id, round_id, seq, answered_at, day, hand_id, hand, ruleset,"
            " kind, answer, expected, credit, correct, seconds, mistakes) VALUES "
            "(?, 1, ?, ?, ?, 'h', 'c123', 'mj-score-eval', 'patterns', NULL, '{}', ?, ?, 10, "
            "'[]')", (aid, seq, at, at[:10], float(ok), ok))
        conn.execute("INSERT INTO answer_items VALUES (?, ?, ?)", (aid, item, ok))
    conn.execute("COMMIT")
    conn.close()


def test_a_version_1_database_is_migrated_with_a_backup(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    _version_1(path)
    with ProgressStore.open(tmp_path) as s:
        assert s.schema_version == SCHEMA_VERSION == 5
        assert [a.id for a in s.answers()] == [1, 2, 3, 4]  # history kept
        # Review cards were built from that history: the missed Wind Pung is due
        # long before the Concealed Hand answered right three times.
        wind, concealed = s.card("pattern:8.1.1"), s.card("pattern:1.3")
        assert wind is not None and concealed is not None
        assert wind.due < concealed.due
        assert len(s.review_log()) == 4
    backup = tmp_path / "progress.sqlite3.v1.bak"
    conn = sqlite3.connect(backup)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert conn.execute("SELECT count(*) FROM answers").fetchone()[0] == 4
    conn.close()


@pytest.mark.parametrize("dangling", [True, False])
def test_the_migration_backup_never_writes_through_a_planted_link(
        tmp_path: Path, dangling: bool) -> None:
    path = tmp_path / "progress.sqlite3"
    _version_1(path)
    victim = tmp_path / "victim.txt"
    if not dangling:
        victim.write_text("keep me\n", encoding="utf-8")
    (tmp_path / "progress.sqlite3.v1.bak").symlink_to(victim)
    with ProgressStore.open(tmp_path) as s:
        assert s.schema_version == SCHEMA_VERSION
    if dangling:
        assert not victim.exists()
    else:
        assert victim.read_text(encoding="utf-8") == "keep me\n"
    backup = tmp_path / "progress.sqlite3.v1.1.bak"  # the next free name
    assert backup.is_file() and not backup.is_symlink()
    conn = sqlite3.connect(backup)
    assert conn.execute("SELECT count(*) FROM answers").fetchone()[0] == 4
    conn.close()


def test_a_failed_migration_changes_nothing(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.sqlite3"
    _version_1(path)

    def broken(conn: sqlite3.Connection, reviewer: Reviewer) -> None:
        conn.execute("CREATE TABLE cards (item TEXT)")
        raise RuntimeError("migration bug")

    monkeypatch.setattr(schema_mod, "MIGRATIONS", (schema_mod.MIGRATIONS[0], broken))
    with pytest.raises(RuntimeError):
        ProgressStore.open(tmp_path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert "cards" not in tables
    conn.close()


def test_yes_no_answers_are_stored(store: ProgressStore) -> None:
    rnd = Round(ListSource([qhand(H.NO_WIN)]), RoundSettings(kinds=(QuestionKind.IS_WIN,)),
                recorder=store)
    rnd.answer(YesNoAnswer(True))
    (a,) = store.answers()
    assert a.answer == {"yes": True} and a.expected == {"yes": False}
    assert a.mistakes[0]["kind"] == "not_a_win"


def test_the_store_can_be_read_from_a_worker_thread(store: ProgressStore) -> None:
    import threading

    rnd = Round(ListSource([qhand(H.CHOWS)]), RoundSettings(), recorder=store)
    rnd.answer(PatternsAnswer.of(["1.2", "1.3"], 10))
    seen: list[int] = []
    worker = threading.Thread(target=lambda: seen.append(len(store.item_stats())))
    worker.start()
    worker.join()
    assert seen == [4]  # 1.2 and 1.3, as patterns and as families
