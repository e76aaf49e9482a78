"""The words (every game's log, prompt, options and results, and the catalogues) load without
Textual or Rich, so plain mode and `parlour replay --text` can use them (checked in a clean
interpreter)."""

import subprocess
import sys

CHECK = """
import sys
from parlour.rules import registry
from parlour.services.words.base import Story, Words
for game in registry.available():
    words = Words.of(game)
    rules = registry.get(game)
    story = Story(rules, words, ("Ann", "Bob"), 0, rules.initial(("Ann", "Bob"), {}))
    assert words.help_key and words.game_id == game
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich") or m.startswith("parlour.tui"))
print(",".join(loaded))
"""


def test_words_import_without_textual_rich_or_the_app():
    run = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == ""
