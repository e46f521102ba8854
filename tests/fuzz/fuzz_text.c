/* libFuzzer entry: nftables text (nft -f syntax). See README. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_run(data, size, FUZZ_TEXT);
}
