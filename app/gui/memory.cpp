// SPDX-License-Identifier: MIT
#include "app/gui/memory.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace tutor::app {

void returnFreedMemoryPromptly()
{
#if defined(__GLIBC__)
    // glibc's own default (128 KiB), fixed: setting it stops glibc from raising it as large blocks come and go.
    // 10,000-action monkey walk, seed 1: RSS +85.7 % with the sliding threshold, +6.4 % with this one.
    ::mallopt(M_TRIM_THRESHOLD, 128 << 10);
#endif
}

} // namespace tutor::app
