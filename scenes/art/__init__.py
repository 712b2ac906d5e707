"""Every picture of the game drawn in code: card faces and backs, icons, color shapes, the felt,
avatars and panels. No image files are shipped, so the art is crisp at any size.

pygame's drawing primitives are aliased, so each picture is drawn at a larger scale and shrunk
with ``smoothscale``, whose area filter turns the hard edges into clean anti-aliasing. Nothing
here needs a display: every surface is a plain SRCALPHA surface, so tests and tools run headless.

The parts, each importing only those above it: ``palette`` (colors, sizes), ``geometry`` (point
lists), ``glyphs`` (icons and color shapes), ``lettering`` (text masks and outlines), ``faces``
(card faces and backs: ``CardArt``), ``backdrops`` (felt, avatars, panels), ``confetti`` (the
moments' bursts and confetti, imported from there by name). The names the
screens use are here too, so ``from scenes.art import CardArt`` works.
"""

from scenes.art.backdrops import avatar, felt, panel, shown_felt
from scenes.art.faces import CardArt, Recent, _index_mask, _master_face, draw_ahead, soft_blur
from scenes.art.glyphs import Icon, _mask, color_shape, icon
from scenes.art.lettering import _outline, _text_ink, _text_mask
from scenes.art.palette import COLOR_RGB, SHADOW_STEPS, card_size

# The private caches are named here for the tests, which clear them and count their misses.
__all__ = [
    "COLOR_RGB",
    "SHADOW_STEPS",
    "CardArt",
    "Icon",
    "Recent",
    "_index_mask",
    "_mask",
    "_master_face",
    "_outline",
    "_text_ink",
    "_text_mask",
    "avatar",
    "card_size",
    "color_shape",
    "draw_ahead",
    "felt",
    "icon",
    "panel",
    "shown_felt",
    "soft_blur",
]
