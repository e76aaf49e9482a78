"""The tables' numbers with a broker (federation.py): blocks of numbers from the broker
(broker.Broker.numbers), so that no two workers or hosts give one table number twice."""

from __future__ import annotations

import asyncio

from parlour.rules.records import Rejected

from .broker import Broker

NUMBERS_LEFT = 20  # table numbers left when the next block is asked for


class Numbers:
    """The tables' numbers: blocks from the broker, so that no two workers or hosts give one twice."""

    def __init__(self, broker: Broker):
        self.broker = broker
        self.left: list[int] = []
        self.asking: asyncio.Task | None = None

    async def fill(self) -> None:
        self.left.extend(await self.broker.numbers())

    def __iter__(self) -> Numbers:
        return self

    def __next__(self) -> int:
        if len(self.left) <= NUMBERS_LEFT and (self.asking is None or self.asking.done()):
            self.asking = asyncio.ensure_future(self.fill())
        if not self.left:
            raise Rejected("the server is busy; try again in a moment")
        return self.left.pop(0)
