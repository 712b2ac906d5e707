"""What the game keeps on disk: settings, saves, statistics, user folders; no pygame here."""
