// Linux system calls that Swift's Glibc module leaves out: it is built without _GNU_SOURCE, which
// glibc's <fcntl.h> needs before it declares them. The declaration is glibc's own.
#include <stdint.h>

// sync_file_range(2): starts writing a range of a file's dirty pages to disk, without waiting.
int sync_file_range(int fd, int64_t offset, int64_t nbytes, unsigned int flags);

// Its flag that starts the writes of pages not yet being written (<fcntl.h>: SYNC_FILE_RANGE_WRITE).
#define SCROLLBACK_SYNC_FILE_RANGE_WRITE 2
