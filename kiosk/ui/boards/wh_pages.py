"""Watson & Holmes's two full pages: the case file (read aloud before the first visit) and the end
(the verdict, the scores and the answers; Holmes' solution a tap away), set in the type scale."""

from __future__ import annotations

from typing import Any

import pygame

from kiosk.games.watson_holmes.narrate import CaseText, Narrator
from kiosk.i18n import N_, Text, TextList, counted
from kiosk.ui.boards.wh_text import draw_fitted, draw_lines, stacked_fit
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter, Words
from kiosk.ui.type_scale import BODY, LABEL, TITLE

RESULT_PAGE = "result-page"  # a tap turns the end between the scores and Holmes' solution


def draw_case_file(paint: Painter, rect: pygame.Rect, case: dict[str, Any], narrator: Narrator) -> None:
    theme, layout = paint.theme, paint.layout
    gap = layout.mm(2)
    paint.box(rect, theme.panel, theme.accent, radius=layout.mm(1.5), width=2)
    inner = inset(rect, gap)
    rules = case.get("special_rules")
    texts: list[Words] = [CaseText("", case["intro"])] if case.get("intro") else []
    if rules:
        texts.append(CaseText("", rules))
    lines: list[Words] = [question_line(q) for q in case["questions"]]
    hidden = case["question_count"] - len(case["questions"])
    if hidden:
        lines.append(counted("{count} more question opens later", "{count} more questions open later", hidden))
    head_h = layout.mm(BODY.mm * 1.4)
    story, questions = split_evenly(paint, inner, texts, lines, head_h + gap, gap * 2)
    if not layout.portrait:
        x = questions.left - gap
        pygame.draw.line(paint.surface, theme.muted, (x, questions.top), (x, questions.bottom), 1)
    if texts:
        draw_lines(paint, story, texts, BODY)
    head, listed = rows(questions, [head_h, max(1, questions.height - head_h - gap)], gap=gap)
    paint.text(head, Text(N_("Questions")), BODY, theme.accent, title=True, align="left")
    draw_lines(paint, listed, lines, BODY)


def split_evenly(paint: Painter, rect: pygame.Rect, story: list[Words], questions: list[Words], head: int,
                 gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The story and the questions side by side (one above the other in portrait), split where the
    smaller of their two sizes is largest: neither is set much smaller than the other."""
    split = rows if paint.layout.portrait else columns
    best: tuple[tuple[int, float], tuple[pygame.Rect, pygame.Rect]] | None = None
    for share in (0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85):
        first, second = split(rect, [share, 1 - share], gap=gap)
        listed = pygame.Rect(second.left, second.top + head, second.width, max(1, second.height - head))
        sizes = [stacked_fit(paint, first, story, BODY) if story else BODY, stacked_fit(paint, listed, questions, BODY)]
        score = (sum(size is not None for size in sizes), min(size.mm if size is not None else 0.0 for size in sizes))
        if best is None or score > best[0]:  # both fitting first, then the larger of the smaller sizes
            best = (score, (first, second))
    assert best is not None
    return best[1]


def question_line(q: dict[str, Any]) -> Text:
    words = CaseText("", q["text"]) if q.get("text") else Text(N_("(read the question in the booklet)"))
    return Text(N_("{number}. {question}"), {"number": q["number"], "question": words})


def draw_result(paint: Painter, rect: pygame.Rect, view: dict[str, Any], narrator: Narrator, page: int) -> None:
    """The verdict over the scores and the answers, or (page 1) Holmes' solution; a button turns them."""
    theme, layout = paint.theme, paint.layout
    result = view["result"]
    gap = layout.mm(2)
    paint.box(rect, theme.panel, theme.accent, radius=layout.mm(1.5), width=3)
    inner = inset(rect, gap)
    head_h = max(layout.min_touch, layout.mm(TITLE.min_mm * 1.5))
    if layout.portrait:  # the verdict takes the width, the button its own line under it
        verdict_box, button_line, body = rows(inner, [head_h, layout.min_touch, inner.height - head_h - layout.min_touch - 2 * gap], gap=gap)
        button = pygame.Rect(button_line.right - button_line.width // 2, button_line.top, button_line.width // 2, button_line.height)
    else:
        head, body = rows(inner, [head_h, inner.height - head_h - gap], gap=gap)
        verdict_box, button = columns(head, [head.width * 0.5, head.width * 0.5], gap=gap)
    if result["everyone_loses"]:
        verdict = Text(N_("Nobody solved it: everyone loses."))
    else:
        verdict = Text(N_("Solved by {seats}"), {"seats": narrator.seats(result["winners"])})
    draw_fitted(paint, verdict_box, verdict, TITLE, theme.accent, title=True, valign="middle")
    label = Text(N_("Scores and answers")) if page else Text(N_("Holmes' solution"))
    paint.button(button, label, RESULT_PAGE, size_mm=LABEL)
    if page:
        solution = result.get("solution")
        words: Words = CaseText("", solution) if solution else Text(N_("Read Holmes' solution in the case booklet."))
        draw_fitted(paint, body, words, BODY)
        return
    players = view["players"]
    key: list[Words] = [answer_line(narrator, qid, accepted) for qid, accepted in result["answers"].items()]
    if layout.portrait:
        scores, answers = rows(body, [len(players), 1 + len(key) * 1.4], gap=gap)
    else:
        scores, answers = columns(body, [1, 1.3], gap=gap * 2)
    draw_lines(paint, scores, [score_line(narrator, p, view["case"]["question_count"]) for p in players], BODY)
    head_h = layout.mm(LABEL.mm * 1.4)
    title, listed = rows(answers, [head_h, max(1, answers.height - head_h - gap)], gap=gap)
    paint.text(title, Text(N_("The answers")), LABEL, theme.accent, title=True, align="left")
    draw_lines(paint, listed, key, BODY, theme.ink)


def score_line(narrator: Narrator, player: dict[str, Any], of: int) -> Text:
    seat = narrator.seat(player["seat"])
    if player["correct"] is None:
        return Text(N_("{seat}: no attempt"), {"seat": seat})
    template = N_("{seat}: {correct} of {of} right, solved") if player["won"] else N_("{seat}: {correct} of {of} right")
    return Text(template, {"seat": seat, "correct": player["correct"], "of": of})


def answer_line(narrator: Narrator, question: str, accepted: list[Any]) -> Text:
    q = next((q for q in narrator.case.questions if q.id == question), None)
    number = q.number if q else question
    labels = []
    for answer in accepted:
        if isinstance(answer, dict):
            labels.append(CaseText("", answer))
        else:
            choice = next((c for c in (q.choices if q else ()) if c.id == answer), None)
            labels.append(CaseText("", dict(choice.label)) if choice else CaseText("", {"en": str(answer), "es": str(answer)}))
    return Text(N_("{number}. {answer}"), {"number": number, "answer": TextList(tuple(labels))})
