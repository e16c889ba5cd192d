// utf8proc: grapheme breaks and terminal character widths (Debian: libutf8proc-dev).
#include <utf8proc.h>
