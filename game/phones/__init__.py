"""Phones as private hands, the pure part (docs/PHONES.md): the messages a seat is sent and the
intents it sends (``protocol``), and the hub that submits them to the match (``hub``). The web
server that carries them is the program's (``scenes.phoneserver``)."""
