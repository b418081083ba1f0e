// SPDX-License-Identifier: MIT
#include "playbackbar.h"

#include "playback.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <cmath>

namespace tutor::app {

namespace {
constexpr int kSliderPositions = 1000;
constexpr double kSpeeds[] = { 0.25, 0.5, 1, 2, 4, 8 };
} // namespace

PlaybackBar::PlaybackBar(PlaybackController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    const auto button = [this, layout](QStyle::StandardPixmap icon) {
        auto* b = new QToolButton(this);
        b->setIcon(style()->standardIcon(icon));
        b->setAutoRaise(true);
        layout->addWidget(b);
        return b;
    };
    m_restart = button(QStyle::SP_MediaSkipBackward);
    m_back = button(QStyle::SP_MediaSeekBackward);
    m_play = button(QStyle::SP_MediaPlay);
    m_forward = button(QStyle::SP_MediaSeekForward);
    m_end = button(QStyle::SP_MediaSkipForward);
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
    retranslate();
    syncFromController();
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
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setToolTip(playing ? tr("Pause (Space)") : tr("Play (Space)"));
    const int speedIndex = m_speed->findData(m_controller->speed());
    if (speedIndex >= 0)
        m_speed->setCurrentIndex(speedIndex);
    m_loop->setChecked(m_controller->loops());
    m_time->setText(m_formatter ? m_formatter(m_controller->time(), duration) : QString());
    m_syncing = false;
}

} // namespace tutor::app
