"""Asset generators: the icon, the table layouts, the music, the sounds, and the card sheet."""
