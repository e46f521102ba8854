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

/* Run @data through the library; -1 if the input is not worth keeping.
 * The mode (output flags, kernel, listing) comes from @size. */
int fuzz_run(const uint8_t *data, size_t size, enum fuzz_kind kind);
/* The same in a given mode, 0 to fuzz_modes(@kind) - 1 (the replay of
 * tests/fuzz/crashes runs every input in every mode). */
unsigned int fuzz_modes(enum fuzz_kind kind);
int fuzz_run_mode(const uint8_t *data, size_t size, enum fuzz_kind kind,
		  unsigned int mode);
/* Remove the include directory fuzz_run() made. */
void fuzz_cleanup(void);

#endif
