// SPDX-License-Identifier: MIT
#pragma once
// The window's heap, handed back when work ends. Simulations, sweeps, searches and exports run on pool threads,
// and glibc gives each such thread its own arena. What a thread frees stays at the top of its arena: malloc_trim()
// never shrinks a thread arena's top, and free() shrinks it only past a threshold that glibc raises to twice each
// large mapped block freed (up to 64 MiB). A 10,000-action monkey walk grew the resident set by 85 % that way, with
// the memory free but kept.
namespace tutor::app {

/// Fixes the allocator's trim threshold for a long-lived window: an arena returns a free top past 128 KiB at
/// once, and blocks from 128 KiB up are mapped on their own. No-op outside glibc, and where the environment sets
/// glibc's trim threshold itself. Call once at start, before the first pool thread.
void returnFreedMemoryPromptly();

/// While one is alive, blocks up to 512 KiB come from the arenas instead of being mapped one by one, for work that
/// allocates and frees such blocks in a loop: a layout search maps and unmaps a few per layout, which cost it 19 %
/// of its speed on one thread and 29 % on two (BM_SearchLlama70b_64). No-op where returnFreedMemoryPromptly() is.
/// One at a time.
class MidSizeBlocksFromArenas {
public:
    MidSizeBlocksFromArenas();
    ~MidSizeBlocksFromArenas();
    MidSizeBlocksFromArenas(const MidSizeBlocksFromArenas&) = delete;
    MidSizeBlocksFromArenas& operator=(const MidSizeBlocksFromArenas&) = delete;
};

} // namespace tutor::app
