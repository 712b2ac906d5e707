"""The board both table screens draw: layout, sprites, tweens, the presenter and the HUD.

The table scene and the replay viewer each build on these parts; neither screen imports the
other, and nothing here imports ``scenes.table``.
"""
