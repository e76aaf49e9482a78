"""The web door's pages: the login form and the game page around textual-serve's terminal.

No inline script (the CSP allows scripts from this server only: textual-serve's terminal and
PAGE_JS below), nothing from outside the machine, and every value put into a page is escaped."""

from __future__ import annotations

from html import escape

from parlour.services.words.i18n import games_title

STYLE = """
body { margin: 0; background: #0c181f; color: rgba(255, 255, 255, 0.95); font-family: monospace; }
form.login { max-width: 22em; margin: 12vh auto; display: flex; flex-direction: column; gap: 0.6em; }
form.login input, form.login button { font: inherit; padding: 0.5em; }
form.login label { display: grid; grid-template-columns: 9ch 1fr; align-items: center; gap: 0.6em; }
form.login button, form.out button { border: none; background: #5e0ba7; color: inherit; cursor: pointer; }
.error { color: #ffb4a8; }
.bar { height: 24px; display: flex; justify-content: flex-end; align-items: center; gap: 1em;
       font-size: 13px; padding: 0 8px; }
form.out button { font: inherit; padding: 1px 10px; }
#terminal.textual-terminal { width: 100vw; height: calc(100vh - 24px); opacity: 0; }
body.-first-byte #terminal.textual-terminal { opacity: 1; }
.notice { position: absolute; inset: 24px 0 0 0; display: none; align-items: center;
          justify-content: center; flex-direction: column; background: #0c181f; }
body.-closed .notice { display: flex; }
"""

# The page's own script (a file: the CSP allows no inline script). The app needs 80x24 cells: on a
# small screen the font shrinks to fit (a Roboto Mono cell is about 0.62 x 1.5 of the font size);
# keys go to the game without a click first, once its WebSocket is open (textual.js marks the
# terminal "-connected" then): focusing earlier makes textual.js send "focus" on a socket still
# connecting, which the browser refuses with an error in the console.
PAGE_JS = """
(function () {
  const el = document.getElementById("terminal");
  const fits = Math.floor(Math.min(window.innerWidth / (80 * 0.62), (window.innerHeight - 24) / (24 * 1.5)));
  el.dataset.fontSize = String(Math.max(6, Math.min(Number(el.dataset.fontSize), fits)));
  document.getElementById("again").addEventListener("click", function () { window.location.reload(); });
  const focus = function () {
    const keys = el.querySelector("textarea");
    if (keys) keys.focus();
  };
  const open = new MutationObserver(function () {
    if (el.classList.contains("-connected")) { open.disconnect(); focus(); }
  });
  open.observe(el, { attributes: true, attributeFilter: ["class"] });
})();
"""


def _head(extra: str = "") -> str:
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{escape(games_title())}</title><link rel="icon" href="data:,">'
        f'<link rel="stylesheet" href="/parlour.css">{extra}</head>'
    )


def login_page(error: str = "", name: str = "", open_door: bool = False) -> str:
    """The login form: a name and (unless the server has no credentials) a password."""
    password = (
        ""
        if open_door
        else (
            '<label>Password <input name="password" type="password" autocomplete="current-password" '
            'maxlength="256" required></label>'
        )
    )
    said = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    return (
        _head() + '<body><form class="login" method="post" action="/login">'
        f"<h1>Parlour</h1>{said}"
        f'<label>Name <input name="name" value="{escape(name)}" autocomplete="username" maxlength="24" '
        f'required autofocus></label>{password}<button type="submit">Play</button></form></body></html>'
    )


def game_page(name: str, websocket_url: str, font_size: int = 16) -> str:
    """The terminal (textual-serve's xterm.js), a bar with the player's name and a logout button."""
    fonts = (
        '<link rel="preload" href="/static/fonts/RobotoMono-VariableFont_wght.ttf" as="font" '
        'type="font/ttf" crossorigin><link rel="stylesheet" href="/static/css/xterm.css">'
        '<link rel="stylesheet" href="/parlour.css"><script src="/static/js/textual.js"></script>'
    )
    return (
        _head(fonts) + '<body><div class="bar">'
        f'<span>{escape(name)}</span><form class="out" method="post" action="/logout">'
        '<button type="submit">Log out</button></form></div>'
        '<div class="notice"><div>The game window closed (your games are saved).</div>'
        '<button type="button" id="again">Play again</button></div>'
        f'<div id="terminal" class="textual-terminal" data-session-websocket-url="{escape(websocket_url)}" '
        f'data-font-size="{font_size}"></div><script src="/parlour.js"></script></body></html>'
    )


FONT_FACE = """
@font-face { font-family: "Roboto Mono"; src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype");
             font-weight: 100 700; font-display: block; }
"""
PAGE_CSS = FONT_FACE + STYLE
