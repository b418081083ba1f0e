// SPDX-License-Identifier: MIT
#pragma once
// Progress of one rank as the watchdog sees it: the backend beats after every completed piece of work (an
// iteration, a warm-up run, a slice of a buffer fill or check) and marks the library calls in which it may wait
// for other ranks. Lock-free: the main thread writes, the watchdog thread reads.
#include <atomic>
#include <chrono>
#include <cstdint>

namespace tutor::live {

class Heartbeat {
public:
    using Clock = std::chrono::steady_clock;

    Heartbeat() { beat(); }

    /// Progress: resets the watchdog's clock.
    void beat() noexcept
    {
        m_lastTicks.store(Clock::now().time_since_epoch().count(), std::memory_order_relaxed);
        const std::uint64_t n = m_beats.fetch_add(1, std::memory_order_relaxed) + 1;
        if (n == m_stallAtBeat)
            stallForTest();
    }
    /// A call that may wait for other ranks begins (`call` is a string literal such as "MPI_Allreduce").
    void enterCall(const char* call) noexcept
    {
        beat();
        m_call.store(call, std::memory_order_relaxed);
    }
    /// The call returned: progress.
    void leaveCall() noexcept
    {
        m_call.store(nullptr, std::memory_order_relaxed);
        beat();
    }

    struct Snapshot {
        Clock::time_point last; ///< the last progress
        const char* call = nullptr; ///< the call this rank waits in; nullptr outside any library call
        std::uint64_t beats = 0;
    };
    Snapshot snapshot() const noexcept
    {
        return { Clock::time_point(Clock::duration(m_lastTicks.load(std::memory_order_relaxed))),
            m_call.load(std::memory_order_relaxed), m_beats.load(std::memory_order_relaxed) };
    }

    /// Test hook, never set in normal use: when the environment variable TUTOR_LIVE_STALL_RANK names `rank`,
    /// this rank stops for good at beat TUTOR_LIVE_STALL_AFTER_BEATS (default 5), as a hung rank would, so that
    /// tests can check the watchdog's report. Returns whether the hook is active.
    bool armTestStall(int rank);

private:
    [[noreturn]] static void stallForTest() noexcept;

    std::atomic<Clock::rep> m_lastTicks { 0 };
    std::atomic<const char*> m_call { nullptr };
    std::atomic<std::uint64_t> m_beats { 0 };
    std::uint64_t m_stallAtBeat = 0; ///< 0: never (the test hook is off)
};

} // namespace tutor::live
