"""Languages: the gettext catalogs the bot's words come from (``docs/languages.md``).

``languages`` reads each catalog on first use and says which language serves a Discord
locale; ``catalogs`` keeps the catalogs in step with the code. The words themselves
are marked and translated with :mod:`games.core.wording` (``tr``, ``ntr``, ``N_``),
which ``games/`` can use without any I/O.
"""
