# queue statement: the kernels the tests run on lack nft_queue, so only refusals are tested here
families: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }

fail: queue num 1 fanout

fail: queue num 3-1

fail: queue num 65536

fail: queue fanout

fail: queue counter
