"""One presenter per hosted game, by game key."""

from __future__ import annotations

from cogs.presenters.base import Presenter
from cogs.presenters.falsche_faehrte import FalscheFaehrtePresenter
from cogs.presenters.fraud import FraudPresenter
from cogs.presenters.short_changed import ShortChangedPresenter
from cogs.presenters.short_word import ShortWordPresenter
from cogs.presenters.short_word_solitaire import SolitairePresenter
from cogs.presenters.tricky import TrickyPresenter

__all__ = ["PRESENTERS", "Presenter"]

PRESENTERS: dict[str, Presenter] = {
    presenter.key: presenter
    for presenter in (
        ShortChangedPresenter(),
        TrickyPresenter(),
        FalscheFaehrtePresenter(),
        FraudPresenter(),
        ShortWordPresenter(),
        SolitairePresenter(),
    )
}
