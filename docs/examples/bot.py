#!/usr/bin/env python3
"""A bot of your own for Parlour: play it with `parlour play smurf --seats "Ann,cmd:python3 docs/examples/bot.py"`.

Parlour starts this program and writes one JSON line to its stdin for each message; it answers
each "act" with one line on stdout, {"action": ...}, one of the legal actions, within the time
limit (5 s unless said otherwise). Only this seat's view is sent: other hands show as "?".
"""

import json
import random
import sys


def choose(view, legal, seat, rng):
    """The move: a Lasagna or a card when one may be played (Garfield), else any legal action.
    `view` is the game as this seat may know it: a better bot reads it (docs/PROTOCOL.md)."""
    for action in legal:
        if action["type"] == "PlayCard" or action.get("play") is True:
            return action
    return rng.choice(legal)


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    seen = {}  # seq -> event: what this seat was told so far
    seat = None
    for line in sys.stdin:  # ends when Parlour closes our input
        message = json.loads(line)
        if message["cmd"] == "new":  # the game starts: which game, the players, our seat
            seat = message["seat"]
        elif message["cmd"] == "act":  # our move: the events since the last one, our view, the choices
            for numbered in message["events"]:
                if numbered["seq"] in seen:  # a seq seen before: moves were taken back (undo)
                    seen = {seq: event for seq, event in seen.items() if seq < numbered["seq"]}
                seen[numbered["seq"]] = numbered["event"]
            action = choose(message["view"], message["legal"], seat, rng)
            print(json.dumps({"action": action}), flush=True)
        elif message["cmd"] == "quit":  # the game is over or left
            break


if __name__ == "__main__":
    main()
