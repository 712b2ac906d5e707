"""The table: the match on screen, split by job (scene, moves, prompts, hud, presenter)."""
