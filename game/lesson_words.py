"""The lessons' sentences, marked for the catalogs: the lesson files (``assets/lessons/``) name
them by id, since the extractor cannot read JSON. English here; ``game.lessons`` translates the
one it shows, in the screen's language."""

from __future__ import annotations

from game.i18n import N_

WORDS: dict[str, str] = {
    # Lesson 1: match by color or number, draw when you cannot.
    "match.title": N_("Match a color or a number"),
    "match.color": N_(
        "The cards you may play stand lifted above the others. Play one of the same color as "
        "the top card: your red 3."
    ),
    "match.color.done": N_(
        "Your red 3 matched the red 5 by its color. Then Ana and Ben each played a card."
    ),
    "match.number": N_("A card can also match the number: play your green 7 on the yellow 7."),
    "match.number.done": N_("Your 7 matched the 7 by its number, whatever its color."),
    "match.draw": N_("Nothing matches the blue 1. Draw a card."),
    "match.draw.done": N_(
        "When you cannot play, you draw one card. If it cannot be played either, your turn passes."
    ),
    "match.drawn": N_("The card you drew matches: play it now."),
    "match.drawn.done": N_("A drawn card that matches may be played at once."),
    # Lesson 2: Skip, Reverse, Draw Two.
    "action.title": N_("Skip, Reverse and Draw Two"),
    "action.skip": N_("Play your red Skip: the next player misses a turn."),
    "action.skip.done": N_("Ana was skipped: Ben played next."),
    "action.reverse": N_("Play your red Reverse: play turns the other way."),
    "action.reverse.done": N_(
        "Play went the other way: Ben played after you, then Ana. With only two players, a "
        "Reverse works like a Skip: you play again."
    ),
    "action.draw2": N_("Play your red Draw Two on the next player."),
    "action.draw2.done": N_(
        "Ben drew two cards and missed his turn. An action card also matches the same action "
        "in any color: a Draw Two on a Draw Two, a Skip on a Skip."
    ),
    # Lesson 3: Wild and Wild Draw Four, and the challenge.
    "wild.title": N_("Wild cards and the challenge"),
    "wild.wild": N_("A Wild can be played on any card: play it."),
    "wild.color": N_("Name the color that the game goes on in: choose blue."),
    "wild.color.done": N_(
        "Ana had to match blue: she played her blue 7. When the very first card turned up is "
        "a Wild, the first player names its color, then plays."
    ),
    "wild.four": N_("You have no yellow: play your Wild Draw Four."),
    "wild.four.color": N_("Choose blue again."),
    "wild.four.done": N_("Ana drew four cards and missed her turn."),
    "wild.challenge": N_(
        "Ben played a Wild Draw Four on you. It is allowed only to a player holding no card of "
        "the color in play, blue. Did he hold blue? Challenge him."
    ),
    "wild.challenge.done": N_(
        "He held blue, so he was not allowed to play it: he drew four cards, not you."
    ),
    # Lesson 3, then: the challenge that fails.
    "wild.green": N_("Play your green 2."),
    "wild.green.done": N_("Ana played her green 8, and Ben another Wild Draw Four on you."),
    "wild.again": N_(
        "Did Ben hold green this time? You cannot see his cards. Challenge him again to see "
        "what a wrong guess costs."
    ),
    "wild.again.done": N_(
        "Ben held no green, so his Wild Draw Four was allowed: you drew six cards, the four and "
        "two more, and missed your turn. Challenge only when you believe the player held the "
        "color in play; otherwise accept the four cards."
    ),
    # Lesson 4: the UNO call, catching a player who forgot it, and going out.
    "uno.play": N_("Play your red 3."),
    "uno.play.done": N_("Match by color, as before."),
    "uno.last": N_("Play your red 7: you will be left with two cards."),
    "uno.call": N_(
        "Two cards left: call UNO before you play the next one. A player who catches you "
        "without it makes you draw two cards."
    ),
    "uno.call.done": N_("You called UNO: nobody can catch you now."),
    "uno.next": N_("Now play your green 7."),
    "uno.out": N_("Play your last card to win the round."),
    "uno.out.done": N_(
        "Your hand is empty: you won the round. A game goes on round after round until a "
        "player reaches 500 points; the next lesson shows what a round scores."
    ),
    "uno.catch.title": N_("Call UNO and catch those who forget"),
    "uno.next.forgot": N_(
        "You have one card left, and you called UNO in time. Ana has one card left too, but "
        "she did not call UNO."
    ),
    "uno.catch": N_(
        "Ana played her next-to-last card without calling UNO. Catch her before Ben plays: "
        "press Catch Ana."
    ),
    "uno.catch.done": N_(
        "You caught Ana: she drew two cards. A player who forgets UNO can be caught until the "
        "next player makes a move."
    ),
    # Lesson 5: scoring a round.
    "score.title": N_("Score a round"),
    "score.out": N_(
        "This hand starts near its end: you hold one card. Play your green 3 to empty your hand."
    ),
    "score.out.done": N_(
        "You won the round and score the cards left in the others' hands: a number card "
        "counts its number, an action card 20, a wild 50. Ana's Draw Two and Ben's Wild make "
        "70 points."
    ),
    # Lesson 6: the 2023 cards.
    "new.title": N_("The 2023 cards"),
    "new.custom": N_(
        "Play your Wild Customizable: at this table, every other player draws one card."
    ),
    "new.custom.color": N_("It is a wild too: choose red."),
    "new.custom.done": N_(
        "Ana and Ben drew one card each. The host sets what the Wild Customizable does."
    ),
    "new.shuffle": N_(
        "Play your Wild Shuffle Hands: every hand is gathered, shuffled and dealt out again."
    ),
    "new.shuffle.color": N_("Now choose the color the game goes on in: green."),
    "new.shuffle.done": N_(
        "Look at your hand: the cards of every player were shared out again, starting with "
        "the next player. Play it when your hand is big and theirs are small."
    ),
    # Lesson 7: the popular switches, stacking and 7-0.
    "switch.title": N_("Stacking, 7-0 and jump-in"),
    "switch.seven": N_("This table plays 7-0: a 7 swaps hands. Play your red 7."),
    "switch.swap": N_("Swap your hand with Ana's: she holds five cards, you hold four."),
    "switch.swap.done": N_(
        "You now hold Ana's cards and she holds yours. Under 7-0, a 0 passes every hand on."
    ),
    "switch.jump": N_(
        "This table also allows jump-in: Ana played a red 4, and you hold one too. Play it now, "
        "out of turn, before Ben plays."
    ),
    "switch.jump.done": N_(
        "You jumped in: play goes on from you, so Ben's turn passed. Only a card identical to "
        "the top card can jump in: the same color and the same number or symbol."
    ),
    "switch.stack": N_(
        "Ben played a Draw Two on you. This table allows stacking: play your yellow Draw Two "
        "on it instead of drawing."
    ),
    "switch.stack.done": N_(
        "The two Draw Twos add up: Ana, who had none to stack, draws four cards."
    ),
    # Lesson 8: the House Rules! cards and a race.
    "rules.title": N_("House Rules and races"),
    "rules.card": N_(
        "This deck has House Rules cards: the first one of a number lets its player make a "
        "rule for every card of that number. Play your red 3 (House Rules)."
    ),
    "rules.make": N_("Make the rule for every 3: choose Press Up."),
    "rules.make.done": N_("From now on, whenever anyone plays a 3, everyone races to press Up."),
    "rules.race": N_("Ana played a 3. Race: press the Up arrow key!"),
    "rules.race.done": N_(
        "You finished in time. Ben finished last, so he draws one card: the last one to "
        "finish a race always draws."
    ),
    # Lesson 9: the Wild Game Changer.
    "changer.title": N_("The Wild Game Changer"),
    "changer.start": N_("Play your yellow 5, and keep your Wild Game Changer for later."),
    "changer.start.done": N_(
        "Now watch Ana: she plays a House Rules 2 and makes the rule for every 2. The move log "
        "says which."
    ),
    "changer.card": N_(
        "Your Wild Game Changer makes a new rule for a number that already has one. Play it."
    ),
    "changer.color": N_("It is a wild too: choose red."),
    "changer.rule": N_("Now make the new rule for every 2: choose Press Down."),
    "changer.rule.done": N_("Ana's rule is gone: from now on, every 2 means press Down."),
    "changer.race": N_("Ana played a 2. Race with the new rule: press the Down arrow key!"),
    "changer.race.done": N_(
        "You finished in time. Ben finished last and draws one card. With a Game Changer, "
        "the rules in play can change in the middle of a hand."
    ),
}
