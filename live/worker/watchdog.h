// SPDX-License-Identifier: MIT
#pragma once
// A watchdog thread that watches progress, not the clock of a whole size: armed around each size, it fires once
// when this rank's Heartbeat has not beaten for the time-out, calls the handler (which reports and aborts the
// communicator) and then ends the process, so a hung NCCL or MPI call never hangs the app that started the
// worker. Every rank runs one, so the rank that stopped reports itself, rank 0 included; a rank that waits inside
// a library call for another rank gives that rank's own watchdog a head start before it reports too.
#include "live/worker/heartbeat.h"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace tutor::live {

/// What the watchdog saw when it fired.
struct Stall {
    std::string what; ///< the work in progress: "allreduce of 4096 B"
    double timeoutSeconds = 0; ///< the time-out (-T)
    const char* call = nullptr; ///< the library call this rank was waiting in; nullptr: it stopped outside any
    std::string peers; ///< while waiting: the ranks known to have stopped ("rank 1, pid 4242, is stopped")
};

/// The error message of a stall on `rank`: "allreduce of 4096 B made no progress for 2 s: rank 1 stopped outside
/// any library call; communicator aborted", or "…: rank 0 waited in MPI_Allreduce for another rank; …", with
/// "(rank 1, pid 4242, is stopped)" after "another rank" when the peers are known.
std::string stallMessage(const Stall& stall, int rank);

/// How long a rank that waits inside a library call lets the other ranks' watchdogs speak first: half the
/// time-out, at least 1 s, at most 10 s.
double waitingGraceSeconds(double timeoutSeconds);

class Watchdog {
public:
    /// `onTimeout(stall)` runs on the watchdog thread; the process then exits with `exitCode`. If the handler
    /// itself hangs (ncclCommAbort on a wedged device), the process exits anyway after `graceSeconds`.
    Watchdog(
        const Heartbeat& heartbeat, std::function<void(const Stall&)> onTimeout, int exitCode, double graceSeconds = 5);
    ~Watchdog();
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;

    /// Starts watching `what`: the watchdog fires when no beat comes for `seconds` (plus waitingGraceSeconds
    /// while this rank waits inside a library call); seconds ≤ 0 leaves the watchdog idle.
    void arm(double seconds, std::string what);
    void disarm();

private:
    void loop();

    const Heartbeat& m_heartbeat;
    std::function<void(const Stall&)> m_onTimeout;
    int m_exitCode;
    double m_graceSeconds;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_armed = false;
    bool m_stop = false;
    double m_timeoutSeconds = 0;
    Heartbeat::Clock::time_point m_armedAt;
    std::string m_what;
    std::thread m_thread;
};

} // namespace tutor::live
