# queue statement: refusals only. The host kernel has no nft_queue, so no
# queue rule loads here, and a "fail:" entry passes even when the kernel is
# what refuses it. tests/vm/cases/queue.sh, on Debian's 6.1 kernel, which
# has nft_queue, checks every accepted form (listing, -j round trip,
# bytecode and JSON against the system nft, packets with and without
# bypass) and that these refusals happen before the kernel. They are the
# system nft's: it takes "queue" with "num" and bare flags in any order,
# or "queue [flags F] to Q", or "queue flags F num Q", nothing after them.
families: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }

fail: queue num 1 fanout

fail: queue num 3-1

fail: queue num 65536

fail: queue counter

fail: queue flags fanout to numgen inc mod 4

fail: queue flags bypass

fail: queue to 3 bypass

fail: queue to 3 flags bypass

fail: queue num 1 to 2

fail: queue to 2 num 1

fail: queue bypass to 3

fail: queue num 1 flags bypass

fail: queue flags bypass flags fanout to 1-2

fail: queue to symhash mod 2 bypass

# a computed queue number above 65535 would wrap in the kernel
fail: queue to numgen inc mod 4 offset 65533

fail: queue to symhash mod 65536 offset 1

fail: queue to jhash ip saddr mod 2 offset 65535

fail: queue to numgen inc mod 65537
