// SPDX-License-Identifier: MIT
#include "playbackbar.h"

#include "playback.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QSlider>
#include <QToolButton>
#include <cmath>

namespace tutor::app {

namespace {
constexpr int kSliderPositions = 1000;
constexpr double kSpeeds[] = { 0.25, 0.5, 1, 2, 4, 8 };

/// A glyph on a unit square: triangles pointing left or right and bars, combined per button.
QPainterPath glyphPath(PlaybackBar::Glyph glyph)
{
    QPainterPath path;
    const auto right = [&path](double x0, double x1) {
        path.addPolygon(QPolygonF({ QPointF(x0, 0.2), QPointF(x1, 0.5), QPointF(x0, 0.8), QPointF(x0, 0.2) }));
    };
    const auto left = [&path](double x0, double x1) {
        path.addPolygon(QPolygonF({ QPointF(x1, 0.2), QPointF(x0, 0.5), QPointF(x1, 0.8), QPointF(x1, 0.2) }));
    };
    const auto bar = [&path](double x0, double x1) { path.addRect(QRectF(x0, 0.2, x1 - x0, 0.6)); };
    switch (glyph) {
    case PlaybackBar::Glyph::ToStart:
        bar(0.18, 0.3);
        left(0.3, 0.82);
        break;
    case PlaybackBar::Glyph::Back:
        left(0.1, 0.5);
        left(0.5, 0.9);
        break;
    case PlaybackBar::Glyph::Play:
        right(0.25, 0.8);
        break;
    case PlaybackBar::Glyph::Pause:
        bar(0.25, 0.42);
        bar(0.58, 0.75);
        break;
    case PlaybackBar::Glyph::Forward:
        right(0.1, 0.5);
        right(0.5, 0.9);
        break;
    case PlaybackBar::Glyph::ToEnd:
        right(0.18, 0.7);
        bar(0.7, 0.82);
        break;
    }
    path.setFillRule(Qt::WindingFill);
    return path;
}

} // namespace

QIcon PlaybackBar::glyphIcon(Glyph glyph, const QPalette& palette)
{
    // Drawn in the palette's button text colour, so the buttons read in the light and the dark theme alike (the
    // style's standard media icons are fixed dark pixmaps).
    QIcon icon;
    const QPainterPath path = glyphPath(glyph);
    for (const int side : { 16, 24, 32, 48 })
        for (const QIcon::Mode mode : { QIcon::Normal, QIcon::Disabled, QIcon::Active }) {
            QPixmap pixmap(side, side);
            pixmap.fill(Qt::transparent);
            QPainter painter(&pixmap);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.scale(side, side);
            painter.setPen(Qt::NoPen);
            painter.setBrush(
                palette.color(mode == QIcon::Disabled ? QPalette::Disabled : QPalette::Active, QPalette::ButtonText));
            painter.drawPath(path);
            painter.end();
            icon.addPixmap(pixmap, mode);
        }
    return icon;
}

PlaybackBar::PlaybackBar(PlaybackController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    const auto button = [this, layout] {
        auto* b = new QToolButton(this);
        b->setAutoRaise(true);
        layout->addWidget(b);
        return b;
    };
    m_restart = button();
    m_back = button();
    m_play = button();
    m_forward = button();
    m_end = button();
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(0, kSliderPositions);
    layout->addWidget(m_slider, 1);
    m_time = new QLabel(this);
    m_time->setMinimumWidth(m_time->fontMetrics().horizontalAdvance(QStringLiteral("step 000.0 / 000")));
    m_time->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    layout->addWidget(m_time);
    m_speed = new QComboBox(this);
    for (double s : kSpeeds)
        m_speed->addItem(QStringLiteral("%1×").arg(s), s);
    layout->addWidget(m_speed);
    m_loop = new QCheckBox(this);
    layout->addWidget(m_loop);

    m_formatter = [](double t, double duration) { return QStringLiteral("%1 / %2").arg(t, 0, 'f', 1).arg(duration); };

    connect(m_restart, &QToolButton::clicked, controller, &PlaybackController::restart);
    connect(m_back, &QToolButton::clicked, controller, &PlaybackController::stepBackward);
    connect(m_play, &QToolButton::clicked, controller, &PlaybackController::togglePlay);
    connect(m_forward, &QToolButton::clicked, controller, &PlaybackController::stepForward);
    connect(m_end, &QToolButton::clicked, controller, &PlaybackController::goToEnd);
    connect(m_loop, &QCheckBox::toggled, controller, &PlaybackController::setLoop);
    connect(m_slider, &QSlider::valueChanged, this, [this](int value) {
        if (!m_syncing)
            m_controller->setTime(m_controller->duration() * value / kSliderPositions);
    });
    connect(m_speed, &QComboBox::currentIndexChanged, this,
        [this](int index) { m_controller->setSpeed(m_speed->itemData(index).toDouble()); });
    connect(controller, &PlaybackController::timeChanged, this, &PlaybackBar::syncFromController);
    connect(controller, &PlaybackController::durationChanged, this, &PlaybackBar::syncFromController);
    connect(controller, &PlaybackController::playingChanged, this, &PlaybackBar::syncFromController);
    connect(controller, &PlaybackController::speedChanged, this, &PlaybackBar::syncFromController);
    updateIcons();
    retranslate();
    syncFromController();
}

void PlaybackBar::updateIcons()
{
    const QPalette& p = palette();
    m_restart->setIcon(glyphIcon(Glyph::ToStart, p));
    m_back->setIcon(glyphIcon(Glyph::Back, p));
    m_forward->setIcon(glyphIcon(Glyph::Forward, p));
    m_end->setIcon(glyphIcon(Glyph::ToEnd, p));
    m_playIcon = glyphIcon(Glyph::Play, p);
    m_pauseIcon = glyphIcon(Glyph::Pause, p);
    m_play->setIcon(m_controller->isPlaying() ? m_pauseIcon : m_playIcon);
}

void PlaybackBar::setTimeFormatter(std::function<QString(double, double)> formatter)
{
    m_formatter = std::move(formatter);
    syncFromController();
}

void PlaybackBar::retranslate()
{
    m_restart->setToolTip(tr("Back to the start (Home)"));
    m_back->setToolTip(tr("Step back (←)"));
    m_forward->setToolTip(tr("Step forward (→)"));
    m_end->setToolTip(tr("Go to the end: the final state (End)"));
    m_slider->setToolTip(tr("Drag to scrub through the animation"));
    m_speed->setToolTip(tr("Playback speed"));
    m_loop->setText(tr("Loop"));
    m_loop->setToolTip(tr("Start again from the beginning when the end is reached"));
    m_time->setToolTip(tr("Current time / length of the animation"));
    syncFromController();
}

void PlaybackBar::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::PaletteChange)
        updateIcons();
    QWidget::changeEvent(event);
}

void PlaybackBar::syncFromController()
{
    m_syncing = true;
    const double duration = m_controller->duration();
    const bool enabled = duration > 0;
    for (QWidget* w : { static_cast<QWidget*>(m_restart), static_cast<QWidget*>(m_back), static_cast<QWidget*>(m_play),
             static_cast<QWidget*>(m_forward), static_cast<QWidget*>(m_end), static_cast<QWidget*>(m_slider) })
        w->setEnabled(enabled);
    m_slider->setValue(enabled ? static_cast<int>(std::lround(m_controller->time() / duration * kSliderPositions)) : 0);
    const bool playing = m_controller->isPlaying();
    m_play->setIcon(playing ? m_pauseIcon : m_playIcon);
    m_play->setToolTip(playing ? tr("Pause (Space)") : tr("Play (Space)"));
    const int speedIndex = m_speed->findData(m_controller->speed());
    if (speedIndex >= 0)
        m_speed->setCurrentIndex(speedIndex);
    m_loop->setChecked(m_controller->loops());
    m_time->setText(m_formatter ? m_formatter(m_controller->time(), duration) : QString());
    m_syncing = false;
}

} // namespace tutor::app
