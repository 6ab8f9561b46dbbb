"""On the touchscreen: a case dropped into the cases folder is offered when the game choice opens
(no restart), and an unfinished game whose case file changed since is set aside with the reason."""

from __future__ import annotations

from kiosk.games import registry
from kiosk.referee.session import GameSession
from kiosk.ui.scenes.attract import Attract
from kiosk.ui.scenes.options import Options
from tests.games.test_case_folder import MINE, folder  # noqa: F401  (the cases folder fixture)
from tests.ui.test_app import Kiosk, kiosk  # noqa: F401  (the kiosk fixture)


def test_a_case_dropped_in_the_folder_is_offered_without_a_restart(kiosk: Kiosk, folder):
    kiosk.loop.start()
    kiosk.settle()
    (folder / "mine.yaml").write_text(MINE, encoding="utf-8")  # while the kiosk runs
    kiosk.tap("start")
    kiosk.tap(("game", "watson-holmes"))
    kiosk.tap(("players", 2))
    for seat in (0, 1):
        kiosk.mock.press(seat, "select")
    kiosk.until(lambda: len(kiosk.app.scene.claimed) == 2, "both seats claimed")
    kiosk.tap("start")
    assert isinstance(kiosk.app.scene, Options)
    kiosk.tap(("set", "case", "my-lamp"))
    kiosk.tap("done")
    assert kiosk.app.referee is not None and kiosk.app.referee.session.state.case_id == "my-lamp"


def test_an_unfinished_game_whose_case_changed_is_set_aside_with_the_reason(kiosk: Kiosk, folder):
    (folder / "mine.yaml").write_text(MINE, encoding="utf-8")
    registry.refresh()
    GameSession.start(kiosk.app.store, "watson-holmes", 2, 3, {"case": "my-lamp"}, bots=[])
    (folder / "mine.yaml").write_text(MINE.replace("the foreman", "the old foreman"), encoding="utf-8")
    registry.refresh()
    kiosk.now = kiosk.app.clock()  # the notice lasts on the app's clock
    kiosk.loop.start()  # the game no longer replays: set aside at the start, and the screen says why
    kiosk.settle()
    assert isinstance(kiosk.app.scene, Attract) and kiosk.app.store.unfinished() is None
    drawn = " ".join(str(d.text) for d in kiosk.app.screen.painter.drawn)
    assert "The file of the case 'my-lamp' changed after this game began" in drawn
