// SPDX-License-Identifier: MIT
#pragma once
// Playback drives one number, the stage's time t (docs/ARCHITECTURE.md: animation drives one number). The controller
// owns t, the speed and the loop flag and advances t from wall-clock time while playing; the bar is its UI.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace tutor::app {

class PlaybackController : public QObject {
    Q_OBJECT
public:
    explicit PlaybackController(QObject* parent = nullptr);

    /// Length of the animation (stage units); 0 disables playback. Clamps t.
    void setDuration(double duration);
    double duration() const { return m_duration; }
    /// Stage units advanced per wall-clock second at 1×; also the size of one step forward/back.
    void setNaturalRate(double rate);
    double naturalRate() const { return m_rate; }

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

signals:
    void timeChanged(double t);
    void playingChanged(bool playing);
    void speedChanged(double speed);
    void durationChanged(double duration);

private:
    void tick();

    double m_duration = 0;
    double m_rate = 1;
    double m_time = 0;
    double m_speed = 1;
    bool m_loop = false;
    QTimer m_timer;
    QElapsedTimer m_clock;
};

} // namespace tutor::app
