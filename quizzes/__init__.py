"""The teaching core: quiz questions, grading with explanations, rounds, progress and review.

Plain Python with no user-interface imports (the TUI builds on it):

* `quizzes.sources`   — where hands come from (curated sets, the generator, review);
* `quizzes.questions` — the four question kinds and the answers to them;
* `quizzes.grading`   — marks, partial credit and explanations for an answer;
* `quizzes.explain`   — explanations built from the engine's scoring trace;
* `quizzes.round`     — a round of questions and its summary;
* `quizzes.store`     — the progress database (SQLite);
* `quizzes.review`    — spaced review with the FSRS scheduler;
* `quizzes.export`    — history export to JSON and CSV;
* `quizzes.sets`      — the curated hand sets.
"""
