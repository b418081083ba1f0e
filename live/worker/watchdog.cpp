// SPDX-License-Identifier: MIT
#include "watchdog.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace tutor::live {

namespace {

std::chrono::steady_clock::duration toDuration(double seconds)
{
    return std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
}

} // namespace

bool Heartbeat::armTestStall(int rank)
{
    const char* stallRank = std::getenv("TUTOR_LIVE_STALL_RANK");
    if (!stallRank || !*stallRank || std::atoi(stallRank) != rank)
        return false;
    const char* after = std::getenv("TUTOR_LIVE_STALL_AFTER_BEATS");
    const long long beats = after && *after ? std::atoll(after) : 5;
    m_stallAtBeat = m_beats.load() + static_cast<std::uint64_t>(std::max(1LL, beats));
    return true;
}

void Heartbeat::stallForTest() noexcept
{
    for (;;)
        std::this_thread::sleep_for(std::chrono::hours(1));
}

std::string stallMessage(const Stall& s, int rank)
{
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", s.timeoutSeconds);
    std::string text = s.what + " made no progress for " + seconds + " s: rank " + std::to_string(rank);
    if (s.call)
        text += " waited in " + std::string(s.call) + " for another rank"
            + (s.peers.empty() ? "" : " (" + s.peers + ")");
    else
        text += " stopped outside any library call";
    return text + "; communicator aborted";
}

double waitingGraceSeconds(double timeoutSeconds)
{
    return std::clamp(timeoutSeconds / 2, 1.0, 10.0);
}

Watchdog::Watchdog(
    const Heartbeat& heartbeat, std::function<void(const Stall&)> onTimeout, int exitCode, double graceSeconds)
    : m_heartbeat(heartbeat)
    , m_onTimeout(std::move(onTimeout))
    , m_exitCode(exitCode)
    , m_graceSeconds(graceSeconds)
    , m_thread([this] { loop(); })
{
}

Watchdog::~Watchdog()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void Watchdog::arm(double seconds, std::string what)
{
    {
        std::lock_guard lock(m_mutex);
        m_armed = seconds > 0;
        m_timeoutSeconds = seconds;
        m_armedAt = Heartbeat::Clock::now();
        m_what = std::move(what);
    }
    m_wake.notify_all();
}

void Watchdog::disarm()
{
    {
        std::lock_guard lock(m_mutex);
        m_armed = false;
    }
    m_wake.notify_all();
}

void Watchdog::loop()
{
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        if (!m_armed) {
            m_wake.wait(lock);
            continue;
        }
        // The heartbeat does not wake this thread (beats are lock-free); the deadline is recomputed from the last
        // beat each time it passes, so the thread wakes at most once per time-out while work progresses.
        const Heartbeat::Snapshot beat = m_heartbeat.snapshot();
        const double limit = m_timeoutSeconds + (beat.call ? waitingGraceSeconds(m_timeoutSeconds) : 0);
        const auto deadline = std::max(beat.last, m_armedAt) + toDuration(limit);
        if (Heartbeat::Clock::now() < deadline) {
            m_wake.wait_until(lock, deadline);
            continue; // re-armed, disarmed, stopping, or the deadline passed: look again
        }
        const Stall stall { m_what, m_timeoutSeconds, beat.call };
        lock.unlock();
        // The handler may block in a wedged library; a second thread guarantees the exit.
        const int code = m_exitCode;
        const auto grace = std::chrono::duration<double>(m_graceSeconds);
        std::thread([code, grace] {
            std::this_thread::sleep_for(grace);
            std::_Exit(code);
        }).detach();
        m_onTimeout(stall);
        std::_Exit(code);
    }
}

} // namespace tutor::live
