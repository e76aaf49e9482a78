"""The limits both doors read: what one player's session may send and leave unsent, and how many
apps start at once. The SSH door (ssh_door.py) and the web door (web_door.py, web_session.py) hold
each session to the same numbers; docs/serve.md lists them with the rest of the server's limits."""

from __future__ import annotations

from .channel import STOP

READ_SIZE = 4096  # bytes taken from a client per read
# Bytes read from one client a second (and at once): keys are a few bytes each, a paste at most
# paste.MAX_PASTE characters, so a player never waits on this; a client sending more waits on
# SSH's flow control, and costs the loop everyone shares no more than this.
READ_RATE, READ_BURST = 8 * 1024, 16 * 1024
# What a client may send before the server has read it (SSH's channel window; asyncssh's own is
# 2 MiB, which a client sending one byte per packet makes a list of two million objects).
WINDOW = 64 * 1024
# Window changes a client may send a second, and at once (dragging a window's edge sends a few
# dozen a second for a moment); a client past this is disconnected: each costs asyncssh a packet's
# work on the loop everyone shares, even though only the last size is used (driver.Channel).
RESIZE_RATE, RESIZE_BURST = 30, 300
STARTING = 2  # apps starting at once (starting is CPU work: more at once only makes everyone wait)
# Screen output a client has not taken yet, in asyncssh's channel buffer and the socket's write
# buffer together; beyond this it is disconnected at once.
MAX_UNSENT = 1024 * 1024
IDLE = "idle"  # what a session's key reader returns when the client went quiet
# What a client's terminal is given back on every way out (driver.STOP: the normal screen, the
# cursor, line wrap, no mouse/focus reports or bracketed paste, the kitty keyboard popped,
# default colours), when the server rather than the app has to say it.
RESTORE_TERMINAL = STOP
LOG_MAX_BYTES = 50 * 1024 * 1024  # serve.log and its rotated parts, in all
