"""The computer's address on the home network, found without sending a single packet.

Connecting a UDP socket sends nothing: it only asks the operating system which of its own
addresses would carry traffic to a private-network address. No route (no Wi-Fi, no cable) means
only this computer can open the phones' page, and the player is told so.
"""

from __future__ import annotations

import ipaddress
import socket

from game.i18n import N_

# Any private address will do: nothing is sent to it.
PROBE = ("10.254.254.254", 9)
# A message of the catalogs: the join screen tells it in the screen's language.
NO_NETWORK = N_(
    "No home network was found: only this computer can open the phones' page. Connect this "
    "computer to the same Wi-Fi as the phones, then start the match again."
)


def local_address() -> tuple[str, str]:
    """The address phones can reach this computer at, and "" or a sentence on why they can't."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1", NO_NETWORK
    if ipaddress.ip_address(address).is_loopback or address == "0.0.0.0":
        return "127.0.0.1", NO_NETWORK
    return address, ""
