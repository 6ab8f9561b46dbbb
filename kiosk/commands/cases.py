"""`kiosk cases`: Watson & Holmes case files.

`kiosk cases check FILE...` checks case files and names every problem (file, line, case, card, field);
`kiosk cases list` shows the table's cases, bundled or from its cases folder, and the broken ones;
`kiosk cases new NAME` writes a commented template; `kiosk cases show FILE` prints a case as the
players meet it (`--compare en es`: both languages side by side, for proofreading; `--blind`: only what
a table has, every card but no answer, for a blind solver); `kiosk cases play CASE` lets bots play a case (an id or a file) in the terminal,
narrated in public, in the language chosen with `--lang`.
"""

from __future__ import annotations

import argparse
import random
import re
from pathlib import Path
from typing import Any

from kiosk import i18n
from kiosk.commands.case_audit import audit
from kiosk.commands.case_folder import use_configured_cases_folder
from kiosk.commands.case_sheet import Sheet
from kiosk.bots.table_bots import table_bot
from kiosk.errors import UserError
from kiosk.games.watson_holmes.case import Case, CaseError, Problem, load_case_file
from kiosk.games.watson_holmes.game import GAME_ID, WatsonHolmes
from kiosk.games.watson_holmes.library import BUNDLED, LIBRARY, CaseLibrary
from kiosk.games.watson_holmes.narrate import CaseText, Narrator
from kiosk.games.watson_holmes.robust import robustness
from kiosk.referee.headless import play
from kiosk.i18n import N_, Text, _, counted


NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
TEMPLATE = Path(__file__).resolve().parents[1] / "games" / "watson_holmes" / "template.yaml"
YES = {"y", "yes", "s", "si", "sí"}
CHECKS = N_(
    "`check` refuses a case that cannot be played, naming the file and line of every problem. It warns\n"
    "(and with --strict refuses) when:\n"
    "  - an evidence list names no phrase, or a text reads as another language than its own;\n"
    "  - a suspect or an accepted answer has a name that is on no card;\n"
    "  - a question that opens on a card has its answer stated by the introduction, the special\n"
    "    rules or that card;\n"
    "  - at difficulty 2 or more, only one card of a question's evidence supports the answer\n"
    "    beyond repeating it (unless the question says single_card_ok: true);\n"
    "  - a card needs more than 6 pages on a seat screen in any language;\n"
    "  - the stated difficulty is not the band its cards play at (it prints, per question, on how\n"
    "    many cards its answer is singled out);\n"
    "  - a name, rank, inn or prop is also in another of the table's cases;\n"
    "  - a question is free text without free_text_is_the_point: true and three accepted forms.\n"
    "  - the right choice is in the same place in every picker question.\n"
    "`show --compare en es` prints both languages side by side and flags the texts whose names,\n"
    "numbers, times or weekdays differ. The format: kiosk/games/watson_holmes/cases/FORMAT.md")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("cases", help=_("Watson & Holmes case files"), epilog=_(CHECKS),
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = parser.add_subparsers(dest="cases_command", required=True)
    check = actions.add_parser("check", help=_("validate case files"), epilog=_(CHECKS),
                               formatter_class=argparse.RawDescriptionHelpFormatter)
    check.add_argument("files", nargs="+", type=Path, metavar="FILE", help=_("case file (YAML)"))
    check.add_argument("--strict", action="store_true", help=_("treat warnings as errors (the file is refused)"))
    check.set_defaults(handler=run_check)
    listing = actions.add_parser("list", help=_("list the table's cases: bundled, from the cases folder, broken"))
    listing.set_defaults(handler=run_list)
    new = actions.add_parser("new", help=_("write a commented case template that passes the check"))
    new.add_argument("name", help=_("the new case's id, also its file name (NAME.yaml)"))
    new.add_argument("--out", type=Path, default=Path("."), help=_("folder to write it in (default: here)"))
    new.set_defaults(handler=run_new)
    show = actions.add_parser("show", help=_("print a case as the players meet it, then its cards and solution"))
    show.add_argument("file", type=Path, metavar="FILE", help=_("case file (YAML)"))
    show.add_argument("--yes", action="store_true", help=_("print the cards and the solution without asking"))
    show.add_argument("--blind", action="store_true",
                      help=_("print only what a table has (introduction, special rules, questions and every card, front "
                             "and back), never the answers, their evidence or the solution: for a blind solver"))
    show.add_argument("--compare", nargs=2, metavar=("LANG", "LANG"), choices=i18n.LANGUAGES, default=None,
                      help=_("print two languages side by side, for proofreading, and flag the texts whose names, "
                             "numbers, times or weekdays differ between them"))
    show.set_defaults(handler=run_show)
    playing = actions.add_parser("play", help=_("bots play a case in the terminal"))
    playing.add_argument("case", help=_("a case id or a case file"))
    playing.add_argument("--seats", type=int, default=4, help=_("number of seats"))
    playing.add_argument("--seed", type=int, default=None, help=_("seed of the deal (random if absent)"))
    playing.add_argument("--robust", action="store_true",
                         help=_("instead of playing, tell for each question whether it survives the loss of any one card"))
    playing.set_defaults(handler=run_play)
    for sub in (check, listing, playing):
        sub.add_argument("--config", type=Path, default=None, help=_("table.toml (its cases_dir)"))
    for sub in (check, listing, new, show, playing):  # `--lang` after the action too (`kiosk cases play X --lang es`)
        sub.add_argument("--lang", choices=i18n.LANGUAGES, default=argparse.SUPPRESS, help=_("language (default: table.toml's)"))


def run_check(args: argparse.Namespace) -> int:
    problems: list[str] = []
    config = use_configured_cases_folder(args.config)
    table = CaseLibrary(folder=config.cases_dir).scan().entries  # bundled and the cases folder
    loaded: list[tuple[Path, Case]] = []
    for path in args.files:
        try:
            case = load_case_file(path)
        except CaseError as error:
            problems.append(error.render())
            continue
        twin = table.get(case.id)
        if twin is not None and twin.origin == BUNDLED and twin.path.resolve() != path.resolve():
            problems.append(Problem(str(path), None, "", Text(
                N_("case id '{id}' is already the id of {other}; give this case another id (a case never "
                   "replaces another)"), {"id": case.id, "other": str(twin.path)})).render())
            continue
        loaded.append((path, case))
    for path, case in loaded:
        others = {entry.case.id: entry.case for entry in table.values()} | {other.id: other for _, other in loaded}
        found = audit(case, [other for other_id, other in others.items() if other_id != case.id])
        for line in found.report:
            print(f"{path.name}: {line.render()}")
        warnings = [*case.warnings, *found.warnings]
        if args.strict and warnings:
            problems.extend(warning.render() for warning in warnings)
            continue
        for warning in warnings:
            print(Text(N_("warning: {problem}"), {"problem": warning.render()}).render())
        print(
            Text(
                N_("{file}: case '{case}' is valid: {cards} location cards, {questions} questions."),
                {"file": path.name, "case": case.id, "cards": len(case.cards), "questions": len(case.questions)},
            ).render()
        )
    if problems:
        raise UserError("\n".join(problems))
    return 0


def run_list(args: argparse.Namespace) -> int:
    """Every case the table offers, where it comes from, and every file left out with its first error."""
    use_configured_cases_folder(args.config)
    catalogue = LIBRARY.scan()
    for case_id in catalogue.ids():
        entry = catalogue.entries[case_id]
        case = entry.case
        origin = Text(N_("bundled")) if entry.origin == BUNDLED else Text(N_("cases folder: {path}"), {"path": str(entry.path)})
        print(
            Text(
                N_("{case}: {title} ({players} players, {cards} cards, {questions} questions; {origin})"),
                {
                    "case": case.id,
                    "title": CaseText("", case.title),
                    "players": case.players,
                    "cards": len(case.cards),
                    "questions": len(case.questions),
                    "origin": origin,
                },
            ).render()
        )
    if LIBRARY.folder is not None and not LIBRARY.folder.is_dir():
        print(Text(N_("(the cases folder {path} does not exist yet: make it and drop case files in it)"),
                   {"path": str(LIBRARY.folder)}).render())
    if catalogue.broken:
        raise UserError("\n".join(Text(N_("{path}: broken, not offered: {problem}"), {
            "path": str(path), "problem": error.problems[0].render()}).render() for path, error in catalogue.broken))
    return 0


def run_new(args: argparse.Namespace) -> int:
    """A template case named NAME that passes the check, for a café to rewrite."""
    if not NAME.fullmatch(args.name):
        raise UserError(Text(N_("a case name is lowercase letters, digits and dashes, such as 'the-stolen-map', got {name!r}"),
                             {"name": args.name}).render())
    path = args.out / f"{args.name}.yaml"
    if path.exists():
        raise UserError(Text(N_("{path} already exists; choose another name or move it away"), {"path": str(path)}).render())
    text = TEMPLATE.read_text(encoding="utf-8").replace("  id: my-case ", f"  id: {args.name} ", 1)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise UserError(Text(N_("{path}: cannot be written: {detail}"), {"path": str(path), "detail": error.strerror or str(error)}).render()) from None
    print(Text(N_("{path} written. Edit it, then check it with: kiosk cases check {path}"), {"path": str(path)}).render())
    return 0


def run_show(args: argparse.Namespace) -> int:
    """The case as the players meet it: its intro and questions; then, once asked, the secrets. With
    `--compare A B`, both languages side by side, with what they disagree on flagged."""
    try:
        case = load_case_file(args.file)
    except CaseError as error:
        raise UserError(error.render()) from None
    languages: tuple[str, ...] = (i18n.language(),)
    if args.compare:
        languages = tuple(args.compare)
        missing = [lang for lang in languages if lang not in case.languages]
        if languages[0] == languages[1] or missing:
            raise UserError(Text(N_("--compare takes two different languages of the case ({langs}), got {got}"),
                                 {"langs": ", ".join(case.languages), "got": " ".join(languages)}).render())
    sheet = Sheet(case, languages)
    sheet.public()
    if args.blind:
        sheet.cards()
        return 0
    print()
    if not args.yes and not _confirmed(Text(N_("Show the card texts and the solution? They spoil the case. [y/N] ")).render()):
        return 0
    sheet.secrets()
    return 0


def _confirmed(question: str) -> bool:
    try:
        return input(question).strip().lower() in YES
    except EOFError:  # no one at the keyboard (a pipe): the secrets stay hidden
        print()
        return False


def resolve_case(name: str, config: Path | None = None) -> Case:
    """A case by id among the table's (bundled and its folder), or a case file."""
    path = Path(name)
    if not path.is_file():
        use_configured_cases_folder(config)
        cases = LIBRARY.scan()
        if name in cases.entries:
            return cases.entries[name].case
        raise UserError(
            Text(N_("no case or file named '{name}' (cases: {ids})"), {"name": name, "ids": ", ".join(cases.ids())}).render()
        )
    try:
        return load_case_file(path)
    except CaseError as error:
        raise UserError(error.render()) from error


def _robust_table(case: Case) -> int:
    """Prints, per question, its evidence cards (by number) and whether losing any one leaves enough;
    1 if a question fails."""
    rows = robustness(case)
    for row in rows:
        numbers = ", ".join(str(case.card(c).number) for c in row.question.evidence if case.is_location(c)) or "-"
        verdict = _("robust") if row.robust else _("FAILS")
        print(Text(N_("question {number}: cards {cards}; after losing any one card, {left} left (needs {needed}): {verdict}"),
                   {"number": row.question.number, "cards": numbers, "left": row.left, "needed": row.needed,
                    "verdict": verdict}).render())
    return 0 if all(row.robust for row in rows) else 1


def run_play(args: argparse.Namespace) -> int:
    case = resolve_case(args.case, args.config)
    if args.robust:
        return _robust_table(case)
    if not case.min_players <= args.seats <= case.max_players:
        raise UserError(
            Text(
                N_("--seats must be {low}-{high} for this game, got {seats}"),
                {"low": case.min_players, "high": case.max_players, "seats": args.seats},
            ).render()
        )
    game = WatsonHolmes({case.id: case})
    physical = case.edition == "physical"
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    state = game.start(args.seats, seed, {"case": case.id, "physical": physical})
    narrator = Narrator(case)
    print(Text(N_("{game}: {seats} seats, {bots} played by bots, seed {seed}"), {"game": CaseText("", case.title), "seats": args.seats, "bots": args.seats, "seed": seed}).render())
    if case.intro:
        print(CaseText("", case.intro).render())
    for step in play(game, state, [table_bot(GAME_ID, seat, seed) for seat in range(args.seats)]):
        for event in step.events:
            if event.audience is None and (line := narrator.describe(event)) is not None:
                prefix = "\n" if event.kind == "round_start" else ""
                print(prefix + line.render())
    outcome = game.outcome(state)
    assert outcome is not None
    print()
    for seat, points in outcome.scores.items():
        print(counted("{seat}: {count} point", "{seat}: {count} points", int(points), seat=narrator.seat(seat)).render())
    return 0
