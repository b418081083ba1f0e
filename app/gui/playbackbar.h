// SPDX-License-Identifier: MIT
#pragma once
// The playback controls under the stage: restart, step back, play/pause, step forward, end, a scrub slider,
// the time readout, speed and loop. A thin view of PlaybackController.
#include <QIcon>
#include <QWidget>
#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace tutor::app {

class PlaybackController;

class PlaybackBar : public QWidget {
    Q_OBJECT
public:
    PlaybackBar(PlaybackController* controller, QWidget* parent = nullptr);

    /// How the time readout is written, e.g. "step %1 / %2" or "%1 / %2 ms"; set by the window per stage.
    void setTimeFormatter(std::function<QString(double t, double duration)> formatter);
    void retranslate();

    enum class Glyph { ToStart, Back, Play, Pause, Forward, ToEnd };
    /// The button's icon drawn in the palette's button text colour (normal, active and disabled modes).
    static QIcon glyphIcon(Glyph glyph, const QPalette& palette);

    QSlider* slider() const { return m_slider; }
    QComboBox* speedBox() const { return m_speed; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void syncFromController();
    void updateIcons();

    PlaybackController* m_controller;
    QToolButton* m_restart;
    QToolButton* m_back;
    QToolButton* m_play;
    QToolButton* m_forward;
    QToolButton* m_end;
    QSlider* m_slider;
    QLabel* m_time;
    QComboBox* m_speed;
    QCheckBox* m_loop;
    QIcon m_playIcon;
    QIcon m_pauseIcon;
    std::function<QString(double, double)> m_formatter;
    bool m_syncing = false;
};

} // namespace tutor::app
