// OpenSSL's libcrypto (Debian: libssl-dev): SHA-256 for the site's content hashes.
#include <openssl/evp.h>
