#ifndef NFT_FUZZ_COMMON_H
#define NFT_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Run @data through the library; -1 if the input is not worth keeping. */
int fuzz_run(const uint8_t *data, size_t size, bool json);

#endif
