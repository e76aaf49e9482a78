"""Every game's words, below any interface: the log told event by event, the prompt's questions
and option labels, the player panel's lines, card labels and the results, and the message
catalogues they come from (locale/<lang>/*.toml, loaded by `i18n`).

Plain text only: nothing here imports Textual or Rich (tests/words/test_no_ui.py checks it), so
the Textual app, plain mode and `parlour replay --text` share the same words. A game's words are
a `base.Words` subclass in <game id>.py, found with `Words.of(game_id)`."""
