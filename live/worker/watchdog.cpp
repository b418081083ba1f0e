// SPDX-License-Identifier: MIT
#include "watchdog.h"

#include <cstdlib>

namespace tutor::live {

Watchdog::Watchdog(std::function<void(const std::string&)> onTimeout, int exitCode, double graceSeconds)
    : m_onTimeout(std::move(onTimeout))
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
        m_deadline = std::chrono::steady_clock::now()
            + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
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
        if (m_wake.wait_until(lock, m_deadline) != std::cv_status::timeout)
            continue; // re-armed, disarmed or stopping: look again
        if (!m_armed || m_stop || std::chrono::steady_clock::now() < m_deadline)
            continue;
        const std::string what = m_what;
        lock.unlock();
        // The handler may block in a wedged library; a second thread guarantees the exit.
        const int code = m_exitCode;
        const auto grace = std::chrono::duration<double>(m_graceSeconds);
        std::thread([code, grace] {
            std::this_thread::sleep_for(grace);
            std::_Exit(code);
        }).detach();
        m_onTimeout(what);
        std::_Exit(code);
    }
}

} // namespace tutor::live
