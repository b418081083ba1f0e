// SPDX-License-Identifier: MIT
#include "playback.h"

#include <algorithm>
#include <cmath>

namespace tutor::app {

namespace {
constexpr int kFrameMs = 16;
constexpr double kEpsilon = 1e-9;
} // namespace

PlaybackController::PlaybackController(QObject* parent)
    : QObject(parent)
{
    m_timer.setInterval(kFrameMs);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &PlaybackController::tick);
}

void PlaybackController::setDuration(double duration)
{
    const double d = std::isfinite(duration) ? std::max(0.0, duration) : 0.0;
    if (d != m_duration) {
        m_duration = d;
        emit durationChanged(d);
    }
    if (d <= 0)
        pause();
    setTime(m_time);
}

void PlaybackController::setNaturalRate(double rate)
{
    m_rate = std::isfinite(rate) && rate > 0 ? rate : 1.0;
}

void PlaybackController::setStops(std::vector<double> stops)
{
    std::erase_if(stops, [](double s) { return !std::isfinite(s); });
    std::sort(stops.begin(), stops.end());
    stops.erase(std::unique(stops.begin(), stops.end(),
                    [](double a, double b) { return std::abs(a - b) <= kEpsilon * std::max(1.0, std::abs(b)); }),
        stops.end());
    m_stops = std::move(stops);
}

std::vector<double> PlaybackController::stops() const
{
    std::vector<double> all { 0.0 };
    if (m_stops.empty()) {
        for (double k = 1; k * m_rate < m_duration - kEpsilon; ++k)
            all.push_back(k * m_rate);
    } else {
        for (double s : m_stops)
            if (s > kEpsilon && s < m_duration - kEpsilon)
                all.push_back(s);
    }
    if (m_duration > 0)
        all.push_back(m_duration);
    return all;
}

int PlaybackController::stopIndex(double t) const
{
    const std::vector<double> all = stops();
    const auto after = std::upper_bound(all.begin(), all.end(), t + kEpsilon);
    return std::max(0, static_cast<int>(after - all.begin()) - 1);
}

double PlaybackController::nextStop(double t) const
{
    if (!m_stops.empty()) {
        const auto next = std::upper_bound(m_stops.begin(), m_stops.end(), t + kEpsilon);
        return next == m_stops.end() ? m_duration : std::clamp(*next, 0.0, m_duration);
    }
    const double k = std::floor(t / m_rate + kEpsilon) + 1;
    return std::clamp(k * m_rate, 0.0, m_duration);
}

double PlaybackController::previousStop(double t) const
{
    if (!m_stops.empty()) {
        const auto below = std::lower_bound(m_stops.begin(), m_stops.end(), t - kEpsilon);
        return below == m_stops.begin() ? 0.0 : std::clamp(*std::prev(below), 0.0, m_duration);
    }
    const double k = std::ceil(t / m_rate - kEpsilon) - 1;
    return std::clamp(k * m_rate, 0.0, m_duration);
}

void PlaybackController::setTime(double t)
{
    const double clamped = std::isfinite(t) ? std::clamp(t, 0.0, m_duration) : 0.0;
    if (clamped == m_time)
        return;
    m_time = clamped;
    emit timeChanged(m_time);
}

void PlaybackController::setSpeed(double speed)
{
    if (!std::isfinite(speed) || speed <= 0 || speed == m_speed)
        return;
    m_speed = speed;
    emit speedChanged(speed);
}

void PlaybackController::setLoop(bool loop)
{
    m_loop = loop;
}

void PlaybackController::play()
{
    if (m_duration <= 0 || isPlaying())
        return;
    if (m_time >= m_duration)
        setTime(0);
    m_clock.start();
    m_timer.start();
    emit playingChanged(true);
}

void PlaybackController::pause()
{
    if (!isPlaying())
        return;
    m_timer.stop();
    emit playingChanged(false);
}

void PlaybackController::togglePlay()
{
    isPlaying() ? pause() : play();
}

void PlaybackController::stepForward()
{
    pause();
    setTime(nextStop(m_time));
}

void PlaybackController::stepBackward()
{
    pause();
    setTime(previousStop(m_time));
}

void PlaybackController::restart()
{
    pause();
    setTime(0);
}

void PlaybackController::goToEnd()
{
    pause();
    setTime(m_duration);
}

void PlaybackController::jumpToStop(int index)
{
    pause();
    const std::vector<double> all = stops();
    setTime(all[static_cast<size_t>(std::clamp(index, 0, static_cast<int>(all.size()) - 1))]);
}

void PlaybackController::tick()
{
    const double elapsedSeconds = static_cast<double>(m_clock.restart()) / 1000.0;
    double t = m_time + elapsedSeconds * m_rate * m_speed;
    if (t >= m_duration) {
        if (m_loop) {
            t = m_duration > 0 ? std::fmod(t, m_duration) : 0;
        } else {
            setTime(m_duration);
            pause();
            return;
        }
    }
    setTime(t);
}

} // namespace tutor::app
