// SPDX-License-Identifier: MIT
#pragma once
// Whether glibc's allocator serves malloc in this build, for tests that read its statistics or its settings.

namespace tutor::testing {

/// glibc's allocator serves malloc (not a sanitizer's, which holds freed blocks in quarantine).
inline constexpr bool kGlibcAllocator =
#if !defined(__GLIBC__) || defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
    false;
#else
    true;
#endif
#else
    true;
#endif

} // namespace tutor::testing
