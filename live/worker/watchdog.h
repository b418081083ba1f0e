// SPDX-License-Identifier: MIT
#pragma once
// A watchdog thread: armed around each size, it fires once when a collective makes no progress for the
// time-out, calls the handler (which reports and aborts the communicator) and then ends the process, so a
// hung NCCL or MPI call never hangs the app that started the worker.
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace tutor::live {

class Watchdog {
public:
    /// `onTimeout(what)` runs on the watchdog thread; the process then exits with `exitCode`. If the handler
    /// itself hangs (ncclCommAbort on a wedged device), the process exits anyway after `graceSeconds`.
    Watchdog(std::function<void(const std::string& what)> onTimeout, int exitCode, double graceSeconds = 5);
    ~Watchdog();
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;

    /// Starts the clock for `what`; seconds ≤ 0 leaves the watchdog idle.
    void arm(double seconds, std::string what);
    void disarm();

private:
    void loop();

    std::function<void(const std::string&)> m_onTimeout;
    int m_exitCode;
    double m_graceSeconds;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_armed = false;
    bool m_stop = false;
    std::chrono::steady_clock::time_point m_deadline;
    std::string m_what;
    std::thread m_thread;
};

} // namespace tutor::live
