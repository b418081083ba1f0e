// SPDX-License-Identifier: MIT
#pragma once
// Playback drives one number, the stage's time t (docs/ARCHITECTURE.md: animation drives one number). The controller
// owns t, the speed and the loop flag and advances t from wall-clock time while playing; the bar is its UI.
// It behaves as a media player: pause holds t, the end holds the last frame (unless looping), Play at the end
// starts over, and ←/→ move exactly one stop (the stage's step boundaries: one algorithm step, one event).
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <vector>

namespace tutor::app {

class PlaybackController : public QObject {
    Q_OBJECT
public:
    explicit PlaybackController(QObject* parent = nullptr);

    /// Length of the animation (stage units); 0 disables playback. Clamps t.
    void setDuration(double duration);
    double duration() const { return m_duration; }
    /// Stage units advanced per wall-clock second at 1×; also the size of one step when no stops are set.
    void setNaturalRate(double rate);
    double naturalRate() const { return m_rate; }
    /// The times ←/→ move between (stage units, e.g. every schedule step or every event start). Sorted and
    /// deduplicated here; 0 and duration() are always stops. Empty: multiples of naturalRate().
    void setStops(std::vector<double> stops);
    /// Every stop in [0, duration()], ascending, 0 first and duration() last.
    std::vector<double> stops() const;
    /// Index into stops() of the last stop at or before t.
    int stopIndex(double t) const;

    double time() const { return m_time; }
    double speed() const { return m_speed; }
    bool isPlaying() const { return m_timer.isActive(); }
    bool loops() const { return m_loop; }

    /// The next and previous step boundary from t (multiples of naturalRate()), clamped to [0, duration].
    double nextStop(double t) const;
    double previousStop(double t) const;

public slots:
    void setTime(double t);
    void setSpeed(double speed);
    void setLoop(bool loop);
    void play();
    void pause();
    void togglePlay();
    void stepForward();
    void stepBackward();
    void restart();
    /// Pauses on the last frame.
    void goToEnd();
    /// Pauses at stops()[index] (clamped to the valid indices).
    void jumpToStop(int index);

signals:
    void timeChanged(double t);
    void playingChanged(bool playing);
    void speedChanged(double speed);
    void durationChanged(double duration);

private:
    void tick();

    double m_duration = 0;
    double m_rate = 1;
    std::vector<double> m_stops; ///< interior stops set by the stage, sorted; empty: multiples of m_rate
    double m_time = 0;
    double m_speed = 1;
    bool m_loop = false;
    QTimer m_timer;
    QElapsedTimer m_clock;
};

} // namespace tutor::app
