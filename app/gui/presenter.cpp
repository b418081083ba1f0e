// SPDX-License-Identifier: MIT
#include "presenter.h"

#include <QApplication>
#include <QDockWidget>
#include <QGuiApplication>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenuBar>
#include <QMouseEvent>
#include <QPainter>
#include <QRadialGradient>
#include <QScreen>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QWindow>
#include <algorithm>
#include <utility>

namespace tutor::app {

LaserOverlay::LaserOverlay(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("laserOverlay"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    m_clock.start();
    parent->installEventFilter(this);
    setGeometry(parent->rect());
    // Fading needs frames while spots are alive; the timer only runs then.
    m_timer = new QTimer(this);
    m_timer->setInterval(30);
    connect(m_timer, &QTimer::timeout, this, [this] {
        prune();
        update();
        if (m_spots.empty())
            m_timer->stop();
    });
}

void LaserOverlay::addSpot(QPointF at)
{
    m_spots.push_back({ at, m_clock.elapsed() });
    raise();
    show();
    m_timer->start();
    update();
}

int LaserOverlay::spotCount() const
{
    const qint64 now = m_clock.elapsed();
    return static_cast<int>(
        std::count_if(m_spots.begin(), m_spots.end(), [now](const Spot& s) { return now - s.bornMs < kFadeMs; }));
}

void LaserOverlay::prune()
{
    const qint64 now = m_clock.elapsed();
    std::erase_if(m_spots, [now](const Spot& s) { return now - s.bornMs >= kFadeMs; });
}

void LaserOverlay::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const qint64 now = m_clock.elapsed();
    const double radius = 14 * std::max(1.0, font().pointSizeF() / 10);
    for (const Spot& s : m_spots) {
        const double left = 1.0 - static_cast<double>(now - s.bornMs) / kFadeMs;
        if (left <= 0)
            continue;
        QRadialGradient glow(s.at, radius * 1.8);
        glow.setColorAt(0, QColor(255, 30, 30, static_cast<int>(230 * left)));
        glow.setColorAt(0.35, QColor(255, 30, 30, static_cast<int>(160 * left)));
        glow.setColorAt(1, QColor(255, 30, 30, 0));
        painter.setPen(Qt::NoPen);
        painter.setBrush(glow);
        painter.drawEllipse(s.at, radius * 1.8, radius * 1.8);
    }
}

bool LaserOverlay::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize)
        setGeometry(parentWidget()->rect());
    return QWidget::eventFilter(watched, event);
}

Presenter::Presenter(
    QMainWindow* window, QDockWidget* navigator, QDockWidget* parameters, QDockWidget* explanation, QWidget* stageArea)
    : QObject(window)
    , m_window(window)
    , m_navigator(navigator)
    , m_parameters(parameters)
    , m_explanation(explanation)
    , m_laser(new LaserOverlay(stageArea))
{
    m_laser->hide();
}

bool Presenter::eventFilter(QObject* watched, QEvent* event)
{
    if (m_presenting && event->type() == QEvent::MouseButtonPress) {
        auto* widget = qobject_cast<QWidget*>(watched);
        QWidget* stage = m_laser ? m_laser->parentWidget() : nullptr;
        const auto* mouse = static_cast<QMouseEvent*>(event);
        // An unaccepted press travels up the parents and through this filter each time: one spot per press.
        const std::pair<quint64, QPointF> press { mouse->timestamp(), mouse->globalPosition() };
        if (widget && stage && mouse->button() == Qt::LeftButton && (widget == stage || stage->isAncestorOf(widget))
            && std::exchange(m_lastPress, press) != press)
            m_laser->addSpot(stage->mapFromGlobal(mouse->globalPosition()));
    }
    return QObject::eventFilter(watched, event);
}

void Presenter::setPresenting(bool on)
{
    if (on == m_presenting)
        return;
    m_presenting = on;
    // A left click on the stage while presenting leaves a spot (the click still reaches the stage). The filter sees
    // every event of the application, so it is installed only while presenting.
    if (on)
        qApp->installEventFilter(this);
    else
        qApp->removeEventFilter(this);
    if (on) {
        m_state = m_window->saveState();
        m_geometry = m_window->saveGeometry();
        m_font = QApplication::font();
        m_menuBar = m_window->menuBar()->isVisible();
        m_statusBar = m_window->statusBar()->isVisible();
        m_navigator->hide();
        m_window->menuBar()->hide();
        m_window->statusBar()->hide();
        m_explanation->show();
        const QList<QScreen*> screens = QGuiApplication::screens();
        QScreen* here = m_window->screen();
        QScreen* other = nullptr;
        for (QScreen* s : screens)
            if (s != here)
                other = s;
        if (m_secondScreen && other) {
            // The stage goes to the projector; the parameters float on the laptop's screen.
            m_parameters->setFloating(true);
            m_parameters->move(here->availableGeometry().topLeft() + QPoint(40, 40));
            m_parameters->show();
            if (QWindow* handle = m_window->windowHandle())
                handle->setScreen(other);
            m_window->setGeometry(other->geometry());
        } else {
            m_parameters->hide();
        }
        applyScale();
        m_window->showFullScreen();
        m_laser->show();
        m_laser->raise();
    } else {
        m_laser->hide();
        QApplication::setFont(m_font);
        for (QTableView* table : m_window->findChildren<QTableView*>())
            table->verticalHeader()->resetDefaultSectionSize();
        m_window->showNormal();
        m_window->restoreState(m_state);
        m_window->restoreGeometry(m_geometry);
        m_window->menuBar()->setVisible(m_menuBar);
        m_window->statusBar()->setVisible(m_statusBar);
    }
    emit presentingChanged(on);
}

void Presenter::setScale(double scale)
{
    m_scale = std::clamp(scale, kMinScale, kMaxScale);
    if (m_presenting)
        applyScale();
}

void Presenter::applyScale()
{
    QFont font = m_font;
    if (font.pointSizeF() > 0)
        font.setPointSizeF(m_font.pointSizeF() * m_scale);
    else
        font.setPixelSize(static_cast<int>(m_font.pixelSize() * m_scale));
    QApplication::setFont(font);
    fitTableRows();
}

void Presenter::fitTableRows()
{
    // A table's rows keep the height they were created with; give them room for a line of the new text.
    for (QTableView* table : m_window->findChildren<QTableView*>()) {
        const int height = QFontMetrics(QApplication::font()).height() + 8;
        table->verticalHeader()->setMinimumSectionSize(std::min(height, 20));
        table->verticalHeader()->setDefaultSectionSize(height);
    }
}

} // namespace tutor::app
