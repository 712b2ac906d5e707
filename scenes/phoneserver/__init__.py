"""The phones' web server, the program's side of phones as private hands (docs/PHONES.md): aiohttp
on its own thread (``server``), its door (``gate``), the home-network address (``address``) and
``serve_phones`` (``serve``), which starts it for a match; the pure hub and messages are in
``game.phones``."""
