// SPDX-License-Identifier: MIT
#include "app/gui/memory.h"

#include <cstdlib>
#include <cstring>

#if __has_include(<malloc.h>)
#include <malloc.h> // also the header that defines __GLIBC__ (through <features.h>) before the test below
#endif

namespace tutor::app {

void returnFreedMemoryPromptly()
{
#if defined(__GLIBC__) && defined(M_TRIM_THRESHOLD)
    // glibc's own default (128 KiB), fixed: setting it stops glibc from raising it as large blocks come and go.
    // 10,000-action monkey walk, seed 1: RSS +85.4 % with the sliding threshold, +6.1 % with this one.
    // A threshold the user set (MALLOC_TRIM_THRESHOLD_, or glibc.malloc.trim_threshold in GLIBC_TUNABLES) wins.
    const char* tunables = std::getenv("GLIBC_TUNABLES");
    if (std::getenv("MALLOC_TRIM_THRESHOLD_") || (tunables && std::strstr(tunables, "trim_threshold")))
        return;
    ::mallopt(M_TRIM_THRESHOLD, 128 << 10);
#endif
}

} // namespace tutor::app
