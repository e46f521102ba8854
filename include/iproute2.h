/*
 * Names from iproute2's tables in /etc/iproute2 (src/iproute2.c): realms
 * (rt_realms), device groups (group), ...
 */
#ifndef NFT_IPROUTE2_H
#define NFT_IPROUTE2_H

#include <nft.h>

/* The number of @name in @file ("rt_realms"); false if none. */
bool iproute2_lookup(const char *file, const char *name, uint64_t *val);
/* The name of @val in @file into @out; false if none. */
bool iproute2_name(const char *file, uint64_t val, char *out, size_t size);

#endif /* NFT_IPROUTE2_H */
