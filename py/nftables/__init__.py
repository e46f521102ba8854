"""Python access to libnftables: the nft command language and its JSON.

    from nftables import Nftables
    nft = Nftables()
    rc, output, error = nft.cmd("list ruleset")

The same module, class and methods programs use with upstream's binding
(firewalld among them), written for this project over ctypes.
"""
from .nftables import *  # noqa: F401,F403
from .nftables import Nftables, SchemaValidator, NFTABLES_VERSION

__all__ = ["Nftables", "SchemaValidator", "NFTABLES_VERSION"]
