"""Phones as private hands: the web server, its messages and the phone seats (docs/PHONES.md)."""
