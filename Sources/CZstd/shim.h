// libzstd (Debian: libzstd-dev), which compresses the text of loaded comments once a site
// holds more of it than memory should keep as is.
#include <zstd.h>
