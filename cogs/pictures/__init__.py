"""Pictures of every table and every hand, drawn from views only (``cogs.pictures.render``).

``table_png`` draws the public table from ``view(state, None)``; ``hand_png`` draws a
seat's own pieces from ``view(state, seat)`` with the pieces of the panel's draft
highlighted. Both read nothing but the view, the seat names and the draft, so a
picture can hold no more than the view it was drawn from (the leak test in
``tests/cogs/pictures/test_leaks.py`` proves it for every game). Views are frozen
dataclasses that compare by value, so the PNGs are cached by view: an edit of the
table whose view did not change draws nothing.
"""
