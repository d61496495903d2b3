"""``python -m cogs.pictures`` writes the table and every hand as PNG files."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from cogs.pictures.__main__ import main


def test_the_command_writes_the_table_and_every_hand(tmp_path: Path) -> None:
    out = tmp_path / "pics"
    assert (
        main(
            [
                "--game",
                "fraud",
                "--seats",
                "3",
                "--seed",
                "2",
                "--moves",
                "9",
                "--out",
                str(out),
                "--option",
                "spike_dice=true",
            ]
        )
        == 0
    )
    written = sorted(path.name for path in out.iterdir())
    assert written == ["hand-1.png", "hand-2.png", "hand-3.png", "table.png"]
    for name in written:
        with Image.open(out / name) as image:
            assert image.format == "PNG"
