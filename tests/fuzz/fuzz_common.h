#ifndef NFT_FUZZ_COMMON_H
#define NFT_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum fuzz_kind {
	FUZZ_TEXT,	/* nft -f syntax */
	FUZZ_JSON,	/* libnftables-json(5) */
	FUZZ_DUMP,	/* the kernel's dump messages, listed */
};

/* Run @data through the library; -1 if the input is not worth keeping. */
int fuzz_run(const uint8_t *data, size_t size, enum fuzz_kind kind);

#endif
