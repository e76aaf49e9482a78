"""Plain mode: the game as a conversation, one line at a time, for a screen reader, a braille
display, a dumb terminal, a pipe or the smallest machine.

Nothing is ever redrawn in place: every event is told as a line (the same story as the
full-screen table's log, parlour/services/words), and when it is your turn the question and the numbered
options are printed and you answer with a number or a word. No Textual is imported here.

- `lines`: writing lines (ASCII when the locale is not UTF-8, colours only when asked, never a
  control character from a name).
- `talk`: one reader's side of a game: what to say on a turn, and what an answer means.
- `local`: `parlour play GAME --plain` and `parlour resume --plain` (hot-seat, bots, autosave).
The SSH server's plain session (no PTY, or TERM=dumb) is parlour/fronts/serve/plain_session.py, on `talk`.
"""
