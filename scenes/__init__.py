"""The pygame-ce program: app loop, scene stack, scenes, sprites, tweens, input and sound."""
