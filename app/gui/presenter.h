// SPDX-License-Identifier: MIT
#pragma once
// Presenter mode (F5, View → Present): the window full screen with only the stage, the playback bar and the
// explanation; text scaled for the room (1×–2.5×); a laser-pointer spot where the presenter clicks; the clicker's
// PageUp / PageDown step the animation. With two screens the stage can go to the projector while the parameters
// stay on the laptop. Leaving (F5 or Esc) restores the window exactly as it was.
#include <QByteArray>
#include <QElapsedTimer>
#include <QFont>
#include <QObject>
#include <QPointF>
#include <QPointer>
#include <QWidget>
#include <utility>
#include <vector>

class QDockWidget;
class QMainWindow;
class QTimer;

namespace tutor::app {

/// Red spots that fade out where the presenter clicked; transparent to the mouse, drawn over `parent`.
class LaserOverlay : public QWidget {
    Q_OBJECT
public:
    explicit LaserOverlay(QWidget* parent);
    void addSpot(QPointF at);
    /// Spots still visible (younger than kFadeMs).
    int spotCount() const;
    static constexpr int kFadeMs = 1200;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Spot {
        QPointF at;
        qint64 bornMs;
    };
    void prune();
    std::vector<Spot> m_spots;
    QElapsedTimer m_clock;
    QTimer* m_timer = nullptr;
};

class Presenter : public QObject {
    Q_OBJECT
public:
    /// `navigator` and `parameters` are hidden while presenting (the parameters float on the other screen instead
    /// when secondScreen() is on and there is one); `explanation` stays; `stageArea` gets the laser pointer.
    Presenter(QMainWindow* window, QDockWidget* navigator, QDockWidget* parameters, QDockWidget* explanation,
        QWidget* stageArea);

    bool isPresenting() const { return m_presenting; }
    void setPresenting(bool on);
    void toggle() { setPresenting(!m_presenting); }

    /// Text scale while presenting, clamped to [kMinScale, kMaxScale]; applied at once when presenting.
    void setScale(double scale);
    double scale() const { return m_scale; }
    void larger() { setScale(m_scale + kScaleStep); }
    void smaller() { setScale(m_scale - kScaleStep); }
    static constexpr double kMinScale = 1.0;
    static constexpr double kMaxScale = 2.5;
    static constexpr double kScaleStep = 0.25;

    /// Put the stage on another screen and keep the parameters on this one (when there are two screens).
    void setSecondScreen(bool on) { m_secondScreen = on; }
    bool secondScreen() const { return m_secondScreen; }

    LaserOverlay* laser() const { return m_laser; }

signals:
    void presentingChanged(bool presenting);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void applyScale();
    void fitTableRows();

    QMainWindow* m_window;
    QDockWidget* m_navigator;
    QDockWidget* m_parameters;
    QDockWidget* m_explanation;
    QPointer<LaserOverlay> m_laser;
    bool m_presenting = false;
    bool m_secondScreen = false;
    double m_scale = 1.5;
    // What leaving restores.
    QByteArray m_state;
    QByteArray m_geometry;
    QFont m_font;
    bool m_menuBar = true;
    bool m_statusBar = true;
    /// The press last pointed at, by time and place: an unaccepted press reaches the filter once per parent.
    std::pair<quint64, QPointF> m_lastPress;
};

} // namespace tutor::app
